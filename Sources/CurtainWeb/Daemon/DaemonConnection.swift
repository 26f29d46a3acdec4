// One connection to curtaind on SwiftNIO: the daemon's framing (a varint
// length, then a protobuf message) in both directions. What the daemon
// sends comes out of `messages` in arrival order; the stream ends when the
// connection does (a goodbye is the last message when the daemon said
// one). The bridge owns one at a time and reads it from one task.

import CurtainWire
import NIOCore
import NIOPosix

/// A connection to the daemon.
final class DaemonConnection: Sendable {
  /// The daemon's messages, until the connection closes.
  let messages: AsyncStream<ServerMessage>
  private let channel: any Channel

  private init(channel: any Channel, messages: AsyncStream<ServerMessage>) {
    self.channel = channel
    self.messages = messages
  }

  /// Connects to `endpoint`. Throws NIO's error when nothing listens.
  static func connect(to endpoint: DaemonEndpoint, group: any EventLoopGroup) async throws
    -> DaemonConnection
  {
    let (messages, continuation) = AsyncStream.makeStream(of: ServerMessage.self)
    let bootstrap = ClientBootstrap(group: group)
      .connectTimeout(.seconds(5))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(FrameReader(continuation))
        }
      }
    let channel: any Channel
    switch endpoint.address {
    case .unix(let path):
      channel = try await bootstrap.connect(unixDomainSocketPath: path).get()
    case .tcp(let host, let port):
      channel = try await bootstrap.connect(host: host, port: port).get()
    }
    return DaemonConnection(channel: channel, messages: messages)
  }

  /// Sends one message (framed). Fails when the connection is gone.
  func send(_ message: ClientMessage) async throws {
    let bytes = try WireCodec.framed(message)
    try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes))
  }

  /// Closes the connection; `messages` then ends.
  func close() {
    channel.close(promise: nil)
  }
}

/// Turns bytes into messages.
private final class FrameReader: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private var decoder = FrameDecoder(maxFrameBytes: 64 << 20)
  private let continuation: AsyncStream<ServerMessage>.Continuation

  init(_ continuation: AsyncStream<ServerMessage>.Continuation) {
    self.continuation = continuation
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var buffer = unwrapInboundIn(data)
    if let bytes = buffer.readBytes(length: buffer.readableBytes) {
      decoder.append(bytes)
    }
    do {
      while let payload = try decoder.next() {
        continuation.yield(try WireCodec.decode(ServerMessage.self, from: payload))
      }
    } catch {
      continuation.finish()
      context.close(promise: nil)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    continuation.finish()
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    continuation.finish()
    context.close(promise: nil)
  }
}
