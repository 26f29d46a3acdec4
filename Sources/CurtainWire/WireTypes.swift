// The generated protocol types under short names. Layers above CurtainWire
// use these names (and the conversions in Mapping/) and never import
// SwiftProtobuf themselves: `WireCodec` encodes and decodes.

public import SwiftProtobuf

public typealias ClientMessage = Curtain_V1_ClientMessage
public typealias ServerMessage = Curtain_V1_ServerMessage
public typealias WireRequest = Curtain_V1_Request
public typealias WireResponse = Curtain_V1_Response
public typealias WireEvent = Curtain_V1_Event
public typealias WireFrame = Curtain_V1_Frame
public typealias WireError = Curtain_V1_Error
public typealias WireErrorCode = Curtain_V1_ErrorCode
public typealias Goodbye = Curtain_V1_Goodbye

/// The protocol version this build speaks: `PROTOCOL_VERSION_CURRENT` of
/// `ProtocolVersion` in Proto/curtain/v1/protocol.proto, where the version
/// is defined for the daemon and every client.
public let protocolVersion = UInt32(Curtain_V1_ProtocolVersion.current.rawValue)

/// The version of Curtain.
public let curtainVersion = "0.1.0"

/// Encoding and decoding of whole messages and frames.
public enum WireCodec {
  /// The framed bytes of a message (varint length + payload), encoded in
  /// place after the length (FramedBytes.swift).
  public static func framed<M: SwiftProtobuf.Message>(_ message: M) throws -> [UInt8] {
    let framed: FramedBytes = try message.serializedBytes()
    return framed.bytes
  }

  /// The unframed bytes of a message.
  public static func bytes<M: SwiftProtobuf.Message>(_ message: M) throws -> [UInt8] {
    try message.serializedBytes()
  }

  /// Decodes a payload; throws `WireDecodingError` with a readable reason.
  public static func decode<M: SwiftProtobuf.Message>(_ type: M.Type, from payload: [UInt8])
    throws -> M
  {
    do {
      return try M(serializedBytes: payload)
    } catch {
      throw WireDecodingError(reason: "\(error)")
    }
  }
}

/// A well-framed payload that is not a valid message.
public struct WireDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the decoder said.
  public let reason: String

  /// Creates the error.
  public init(reason: String) { self.reason = reason }
  public var description: String { "cannot decode message: \(reason)" }
}
