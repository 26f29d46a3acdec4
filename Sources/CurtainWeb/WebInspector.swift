// curtain-web: a web inspector for curtaind on Hummingbird 2. It serves the
// page (Page/), the JSON API under /api/ (ReadRoutes, WriteRoutes), the
// daemon's metrics at /metrics (PrometheusExport) and, at
// /ws/windows/{w}?session=S, a WebSocket per watching tab that carries the
// window's events and frames as JSON (WindowFeed), and at
// /ws/thumbnails?session=S one that carries the session's windows at the
// thumbnails' frame rate (ThumbnailStrip). Everything it knows
// comes from the daemon through the `Bridge`; the daemon itself stays free
// of HTTP.

import CurtainWire
import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOCore
import NIOPosix

/// The web inspector: an HTTP server and its bridge to the daemon.
public struct WebInspector: Sendable {
  /// Where to listen and which daemon to show.
  public struct Configuration: Sendable {
    /// The HTTP host (default 127.0.0.1).
    public var host: String
    /// The HTTP port (0: any free port).
    public var port: Int
    /// The daemon.
    public var daemon: DaemonEndpoint
    /// Whether browsers may change windows.
    public var readWrite: Bool
    /// The most frames a second each window's thumbnail gets (0.01 to 240).
    public var thumbnailFPS: Double

    public init(
      host: String = "127.0.0.1", port: Int = 8080, daemon: DaemonEndpoint, readWrite: Bool = false,
      thumbnailFPS: Double = 2
    ) {
      self.host = host
      self.port = port
      self.daemon = daemon
      self.readWrite = readWrite
      self.thumbnailFPS = thumbnailFPS
    }
  }

  public let configuration: Configuration
  public let bridge: Bridge
  private let logger: Logger
  private let page: PageFiles

  /// An inspector; `run` serves it.
  public init(configuration: Configuration, logger: Logger) throws {
    self.configuration = configuration
    self.logger = logger
    self.page = try PageFiles()
    bridge = Bridge(
      endpoint: configuration.daemon, readWrite: configuration.readWrite,
      thumbnailFPS: configuration.thumbnailFPS, group: MultiThreadedEventLoopGroup.singleton,
      logger: logger)
  }

  /// Serves until the task is cancelled (or SIGINT/SIGTERM with
  /// `gracefulShutdownSignals`). `onListening` gets the bound port.
  public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    await bridge.start()
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(middleware: JSONErrorMiddleware())
    addPage(to: router)
    ReadRoutes(bridge: bridge).add(to: router)
    WriteRoutes(bridge: bridge).add(to: router)
    addMetrics(to: router)
    WatchRoute(bridge: bridge).add(to: router)
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in
        await onListening(channel.localAddress?.port ?? 0)
      },
      logger: logger)
    do {
      try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
    } catch {
      await bridge.stop()
      throw error
    }
    await bridge.stop()
  }

  private func addPage(to router: Router<BasicWebSocketRequestContext>) {
    let page = self.page
    for (path, file) in page.files {
      router.get(RouterPath(path)) { _, _ in
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-cache"
        return Response(
          status: .ok, headers: headers,
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
      }
    }
  }

  private func addMetrics(to router: Router<BasicWebSocketRequestContext>) {
    let bridge = self.bridge
    let export = PrometheusExport()
    router.get("metrics") { _, _ in
      let (generation, _) = await bridge.mainState()
      var metrics: Curtain_V1_Metrics?
      if let response = try? await bridge.call(.getMetrics(Curtain_V1_GetMetrics())),
        case .metrics(let answer)? = response.result
      {
        metrics = answer
      }
      let counts = await bridge.watchCounts()
      let text = await export.render(
        metrics, generation: generation, watchedWindows: counts.windows,
        webSockets: counts.watchers)
      return WebResponse.text(text, type: "text/plain; version=0.0.4; charset=utf-8")
    }
  }
}
