// What a client's byte stream means to the server, before any socket is
// involved: bytes go through a `FrameDecoder`, each complete payload is
// decoded as a `ClientMessage` (a request over the string or list limits is
// refused before, RequestPrescan.swift). The transport (`Connection`) and the fuzz
// target (Fuzz/) read clients through this one path and act on its
// `ClientInput`s the same way: a message goes to `Server.receive`, an
// undecodable payload to `Server.receiveUndecodable` (the connection stays),
// a framing error ends the stream (goodbye `protocolError`, close).

public import CurtainWire

/// One thing read from a client's stream.
public enum ClientInput {
  /// A well-framed, decodable message, and the size of its payload (which
  /// bounds every string and list in it: RequestSize.swift).
  case message(ClientMessage, bytes: Int)
  /// A request with a string or list over the daemon's limits, found
  /// before it was decoded (RequestPrescan.swift), and its payload's size.
  case oversized(OversizedRequest, bytes: Int)
  /// A well-framed payload that is not a `ClientMessage`.
  case undecodable(WireDecodingError)
  /// The stream cannot be read further (bad varint, oversized length).
  case malformed(FramingError)
}

/// Splits a client's bytes into `ClientInput`s, incrementally.
public struct ClientStreamReader {
  private var decoder: FrameDecoder
  private var failed = false
  /// The limits requests are checked against before they are decoded.
  private let limits: (strings: Int, lists: Int)?

  /// A reader accepting frames of at most `maxFrameBytes`, refusing
  /// before decoding a request whose strings or lists are over `limits`.
  public init(maxFrameBytes: Int, limits: ServerLimits? = nil) {
    decoder = FrameDecoder(maxFrameBytes: maxFrameBytes)
    self.limits = limits.map { ($0.maxStringBytes, $0.maxListItems) }
  }

  /// Adds received bytes.
  public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    decoder.append(bytes)
  }

  /// Bytes of an unfinished message held (what the partial-message limits
  /// count).
  public var bufferedByteCount: Int { decoder.bufferedByteCount }

  /// Whether `next()` has an input without more bytes.
  public var hasInput: Bool { !failed && decoder.hasFrame }

  /// Forgets the unfinished message held.
  public mutating func discardBuffered() {
    decoder = FrameDecoder(maxFrameBytes: decoder.maxFrameBytes)
  }

  /// The next input, `nil` when more bytes are needed. After `.malformed`
  /// it returns `nil`: nothing more is read.
  public mutating func next() -> ClientInput? {
    guard !failed else { return nil }
    let payload: [UInt8]
    do {
      guard let next = try decoder.next() else { return nil }
      payload = next
    } catch {
      // `FrameDecoder` throws nothing but `FramingError`s.
      failed = true
      return .malformed(error as? FramingError ?? .malformedLength)
    }
    if let limits,
      let oversized = RequestSize.prescan(
        payload, maxStringBytes: limits.strings, maxListItems: limits.lists)
    {
      return .oversized(oversized, bytes: payload.count)
    }
    do {
      return .message(try WireCodec.decodeClientMessage(from: payload), bytes: payload.count)
    } catch let error as WireDecodingError {
      return .undecodable(error)
    } catch {
      return .undecodable(WireDecodingError(reason: "\(error)"))
    }
  }
}
