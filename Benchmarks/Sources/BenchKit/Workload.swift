// The steady load of the benchmarks: windows whose root is a navigation
// controller with one controller in its stack, and a cycle of four
// non-animated mutating requests per window (push a controller, retitle it,
// pop it, resize the window), driven by clients on their own threads, each
// pipelining on its own windows. Medians of repeated runs.

public import CurtainWire
import Foundation

/// The windows of the steady load, in one session.
public struct SteadyWindows: Sendable {
  /// The session.
  public let session: String
  /// Window ids, in creation order (window `k` has controllers `N<k>`,
  /// `R<k>` and `X<k>`).
  public let ids: [UInt64]

  /// Creates `count` windows with their controllers.
  public init(count: Int, session: String = "", connection: Connection) throws {
    self.session = session
    var ids: [UInt64] = []
    for window in 0..<count {
      let (create, controller) = Self.setup(window: window, session: session)
      ids.append(try connection.client.call(create).window.id)
      try connection.client.call(controller)
    }
    self.ids = ids
  }

  /// The requests that make window `index`: its CreateWindow (root
  /// `N<index>`, a navigation controller with `R<index>` in its stack)
  /// and the CreateController of `X<index>`.
  public static func setup(window index: Int, session: String) -> (WireRequest, WireRequest) {
    let create = createNavigationWindow("N\(index)", root: "R\(index)", session: session)
    let controller = BenchKit.request(session: session) {
      $0.createController.kind = .content
      $0.createController.identifier = "X\(index)"
    }
    return (create, controller)
  }

  /// Step `step` of the cycle on window `index`.
  public func request(window index: Int, step: Int) -> WireRequest {
    BenchKit.request(session: session) {
      switch step % 4 {
      case 0:
        $0.push.navigation = ref("N\(index)")
        $0.push.controller = ref("X\(index)")
        $0.push.notAnimated = true
      case 1:
        $0.configureController.controller = ref("X\(index)")
        $0.configureController.title = "Title \(step)"
      case 2:
        $0.pop.navigation = ref("N\(index)")
        $0.pop.notAnimated = true
      default:
        let wide = step % 8 == 3
        $0.resizeWindow.windowID = ids[index]
        $0.resizeWindow.metrics.size.width = wide ? 844 : 390
        $0.resizeWindow.metrics.size.height = wide ? 390 : 844
        $0.resizeWindow.notAnimated = true
      }
    }
  }

  /// `clients` clients each send `operations` requests, pipelined
  /// `depth` deep, cycling over their share of the windows (client `c`
  /// takes windows `c`, `c + clients`, …). Returns the wall seconds of the
  /// whole load.
  public func drive(
    socketPath: String, clients: Int, operations: Int, depth: Int, firstStep: Int = 0
  ) throws -> Double {
    let connections = try (0..<clients).map {
      try Connection(socketPath: socketPath, name: "load \($0)")
    }
    let start = Clock.now()
    try inParallel(clients) { number in
      let mine = Array(stride(from: number, to: ids.count, by: clients))
      try connections[number].pipeline(count: operations, depth: depth) { index in
        // Each window's cycle advances once per pass over the windows.
        request(
          window: mine[index % mine.count], step: firstStep + index / mine.count)
      }
    }
    return Clock.now() - start
  }
}

/// Runs `body(0..<count)` on `count` threads and waits for them; rethrows
/// the first error.
public func inParallel(_ count: Int, _ body: (Int) throws -> Void) throws {
  try withoutActuallyEscaping(body) { body in
    let errors = Locked<[String]>([])
    let group = DispatchGroup()
    // The threads hold the box, not the closure, which must not outlive
    // this call: the box lets go of it once they are done.
    let work = Handover(body)
    for number in 0..<count {
      group.enter()
      let thread = Thread {
        do {
          try work.body?(number)
        } catch {
          errors.withLock { $0.append("\(error)") }
        }
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    work.body = nil
    if let first = errors.withLock({ $0.first }) { throw BenchError(first) }
  }
}

/// A value shared by threads, behind a lock.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// The closure handed to the threads of `inParallel`, which end before
/// it returns.
private final class Handover: @unchecked Sendable {
  var body: ((Int) throws -> Void)?
  init(_ body: @escaping (Int) throws -> Void) { self.body = body }
}

/// Statistics of repeated measurements.
public struct Samples {
  public private(set) var values: [Double] = []

  public init() {}

  public mutating func add(_ value: Double) { values.append(value) }

  /// The median (the mean of the middle two for an even count).
  public var median: Double { Self.quantile(values, 0.5) }

  /// The `q` quantile (0…1), linearly interpolated.
  public func quantile(_ q: Double) -> Double { Self.quantile(values, q) }

  static func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }
}
