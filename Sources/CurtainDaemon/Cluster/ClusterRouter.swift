// The cluster router (docs/cluster.md): a part of the server that owns what
// this node knows of the cluster (the other nodes' sessions and the nodes,
// the sessions moving or being restored, this node's lease, whether
// PostgreSQL takes changes) and decides, before a request is dispatched,
// whether this node serves it: `MOVED` for a session of another node,
// `BUSY` while a session moves or is failed over, `UNAVAILABLE` while
// changes cannot be stored or this node's lease may have lapsed. It never
// touches the sessions: what the cluster's news mean for them (sessions
// lost, claimed, restored) it hands back to the server.

import CurtainCore
import CurtainWire
import Logging

/// What this node knows of the cluster, and the routing of requests.
final class ClusterRouter {
  /// The node's options.
  let options: ClusterOptions
  private let link: any ClusterLink
  private let logger: Logger
  /// The sessions of other nodes, by name.
  private(set) var owners: [String: SessionOwner] = [:]
  /// The nodes, as last read.
  private(set) var nodes = Curtain_V1_NodeList()
  /// The last failure to reach PostgreSQL, if the last round failed.
  private var failure: String?
  /// Sessions being restored from the store after a failed commit.
  private var restoring: Set<String> = []
  /// Why the last commit failed, until PostgreSQL answers again: changes
  /// are refused meanwhile.
  private var storeFailure: String?
  /// Sessions restored again: their records may be written (the Daemon).
  private let restored: (Set<String>) -> Void
  /// Queues a hand-over of a session to a node; returns the number its
  /// answer waits for (the Daemon: Persistence.handOver).
  private let queueHandOver: (SessionImage, String) -> UInt64
  /// Sessions this node handed over, until when they are answered BUSY
  /// (their new node may not hold them yet), then MOVED.
  private var leaving: [String: Double] = [:]
  /// Until when (the monotonic clock) this node's lease is certainly
  /// current: its last renewal was sent that long before. The loop learns
  /// of a renewal with the rest of its round's news (the sessions lost
  /// included), so a node that was paused serves none of its sessions
  /// until it knows which ones it lost.
  private var leaseCertainUntil = 0.0
  /// Sessions placed since the node list was last read, by node: the
  /// list's counts do not have them yet.
  private var placedSinceRead: [String: Int] = [:]
  /// Sessions new to the cluster this node placed, with the node: on
  /// another node until their first commit says where they are, on this
  /// node until the node list is read again.
  private var placing: [String: String] = [:]

  /// The router of a node joining the cluster `link` leads to. `restored`
  /// is told when sessions claimed again are back; `handOver` queues a
  /// session's hand-over to a node.
  init(
    link: any ClusterLink, logger: Logger, restored: @escaping (Set<String>) -> Void,
    handOver: @escaping (SessionImage, String) -> UInt64
  ) {
    self.options = link.options
    self.link = link
    self.logger = logger
    self.restored = restored
    self.queueHandOver = handOver
  }

  // MARK: Routing

  /// The session a request is routed by (nil: it addresses the node).
  static func routedSession(of request: WireRequest, _ kind: RequestKind) -> String? {
    switch kind {
    case .hello, .sync, .getStatus, .getMetrics, .listSessions, .listNodes, .shutdown,
      .unsubscribe, .checkRecording:
      return nil
    case .killSession:
      return request.killSession.name
    case .moveSession:
      return request.moveSession.name
    case .importSession:
      return request.session.isEmpty ? nil : request.session
    default:
      return request.session.isEmpty ? "default" : request.session
    }
  }

  /// `MOVED` for a request whose session belongs to another node, `BUSY`
  /// while that node's sessions are being failed over or the session is
  /// restored again, `UNAVAILABLE` for a change while PostgreSQL does not
  /// answer or this node's lease may have lapsed; nil when this node serves
  /// it. A change to a session new to the cluster places it
  /// (`--placement least-loaded`). `now`: the monotonic clock.
  func refusal(of request: WireRequest, _ kind: RequestKind?, recorded: Bool, now: Double)
    -> HandlerResult?
  {
    guard let kind, let name = Self.routedSession(of: request, kind) else { return nil }
    if let failure = storeFailure, recorded {
      return .failed(
        .unavailable,
        "The cluster's PostgreSQL does not take changes now (\(failure)); nothing was changed: "
          + "try again once it answers")
    }
    if restoring.contains(name) {
      return .failed(
        .busy,
        "Session '\(name)' is being restored from the cluster's store (its last change could "
          + "not be stored); try again in a moment")
    }
    guard let owner = owners[name], owner.node != options.node else {
      let lapsed = now - leaseCertainUntil
      guard lapsed < 0 else {
        return .failed(
          .unavailable,
          "Node \(options.node)'s lease in the cluster may have lapsed "
            + "\(Self.seconds(lapsed)) ago (it was not renewed in time: the node was paused, "
            + "or PostgreSQL did not answer): another node may own session '\(name)' now, so "
            + "this one serves nothing of it until its lease is renewed; try again in a moment")
      }
      if recorded { placeIfNew(name) }
      return nil
    }
    if let until = leaving[name] {
      if now < until {
        return .failed(
          .busy,
          "Session '\(name)' is moving to node \(owner.node) (\(owner.address)); try again "
            + "in a moment",
          details: owner.details)
      }
      leaving[name] = nil
    }
    guard owner.isAlive else {
      return .failed(
        .busy,
        "Session '\(name)' belongs to node \(owner.node), whose lease expired: it is being "
          + "failed over; try again in a moment",
        details: owner.details)
    }
    return .failed(
      .moved, "Session '\(name)' is on node \(owner.node) (\(owner.address))",
      details: owner.details)
  }

  /// `--placement least-loaded`: a change to session `name`, which the
  /// cluster does not know yet (this node has no epoch for it), places it
  /// on the live node with the fewest sessions for its capacity, this
  /// node first among equals, then by name. On another node, the
  /// session's first commit gives it to that node: the change (made here
  /// meanwhile) is fenced, answered MOVED, and the session dropped here.
  private func placeIfNew(_ name: String) {
    guard options.placement == .leastLoaded, placing[name] == nil, link.epoch(of: name) == nil
    else { return }
    let me = options.node
    let candidates = nodes.nodes.filter { $0.alive || $0.name == me }
    func load(_ node: Curtain_V1_NodeList.Entry) -> Double {
      Double(node.sessions.count + placedSinceRead[node.name, default: 0])
        / Double(max(1, node.capacity))
    }
    let target =
      candidates.min {
        (load($0), $0.name == me ? 0 : 1, $0.name) < (load($1), $1.name == me ? 0 : 1, $1.name)
      }?.name ?? me
    placedSinceRead[target, default: 0] += 1
    placing[name] = target
    if target != me { link.place(name, on: target) }
  }

  /// `seconds` in words: "1.2 s".
  static func seconds(_ seconds: Double) -> String {
    "\((seconds * 10).rounded() / 10) s"
  }

  // MARK: Moving sessions

  /// A node of the cluster (as last read), by name.
  func node(named name: String) -> Curtain_V1_NodeList.Entry? {
    nodes.nodes.first { $0.name == name }
  }

  /// Hands the session of `image` over to node `target` (MoveSession,
  /// --drain): its snapshot goes to the store after every record before
  /// it, with the session's new owner, and requests for it are answered
  /// BUSY for a moment (the new node takes it within a lease interval),
  /// then MOVED. Returns its new owner, the move's answer and the number
  /// the answer waits for.
  func handOver(_ image: SessionImage, to target: Curtain_V1_NodeList.Entry, now: Double)
    -> (owner: SessionOwner, move: Curtain_V1_SessionMove, commit: UInt64)
  {
    let name = image.session.name
    let epoch = (link.epoch(of: name) ?? 0) + 1
    let commit = queueHandOver(image, target.name)
    let owner = SessionOwner(
      session: name, node: target.name, address: target.address, epoch: epoch, isAlive: true)
    owners[name] = owner
    leaving[name] = now + 2 * options.leaseInterval + 1
    var move = Curtain_V1_SessionMove()
    move.session = name
    move.node = target.name
    move.address = target.address
    move.epoch = UInt64(epoch)
    return (owner, move, commit)
  }

  /// `--drain`: the live nodes to hand sessions over to, each with its
  /// session count (the server picks the one with the fewest each time).
  var drainTargets: [String: (Curtain_V1_NodeList.Entry, Int)] {
    guard options.drain else { return [:] }
    return Dictionary(
      nodes.nodes.filter { $0.alive && $0.name != options.node }.map {
        ($0.name, ($0, $0.sessions.count))
      }
    ) { first, _ in first }
  }

  // MARK: News

  /// What the cluster's news mean for the sessions here.
  struct Consequences {
    /// Sessions another node owns now: dropped here.
    var lost: [(name: String, owner: SessionOwner)] = []
    /// Sessions this node claimed: restored here.
    var claimed: [ClaimedSession] = []
    /// Another curtaind took this node's name: stop.
    var replaced: String?
  }

  /// Takes in what the cluster's thread learnt (loop thread; `now`: the
  /// monotonic clock) and returns what it means for the sessions here.
  func take(_ news: ClusterNews) -> Consequences {
    if let renewedAt = news.renewedAt {
      leaseCertainUntil = renewedAt + options.leaseTimeout
    }
    if let list = news.nodes {
      // The list counts the sessions placed before it was read.
      nodes = list
      placedSinceRead = [:]
      placing = placing.filter { $0.value != options.node }
    }
    if news.failure == nil, storeFailure != nil {
      storeFailure = nil
      logger.notice("cluster: PostgreSQL answers again; taking changes")
    }
    if news.failure != failure {
      if let failure = news.failure {
        logger.error("cluster: cannot reach PostgreSQL", metadata: ["error": "\(failure)"])
      } else if failure != nil {
        logger.notice("cluster: PostgreSQL reachable again")
      }
      failure = news.failure
    }
    if let map = news.map {
      owners = map.filter { $0.value.node != options.node }
    }
    var consequences = Consequences()
    for name in news.lost.keys.sorted() {
      guard let owner = news.lost[name] else { continue }
      owners[name] = owner
      consequences.lost.append((name, owner))
    }
    for claimed in news.claimed {
      owners[claimed.name] = nil
      consequences.claimed.append(claimed)
    }
    consequences.replaced = news.replaced
    return consequences
  }

  /// Sessions `reclaim` was asked for are done (claimed again and restored
  /// by the server, or not in the store at all): requests for them are
  /// served again, and their records may be written.
  func restoredAgain(_ sessions: Set<String>) {
    guard !sessions.isEmpty else { return }
    restoring.subtract(sessions)
    restored(sessions)
  }

  /// Records this node wrote for sessions of another node were refused
  /// (fencing): those sessions belong to `owner` now. Returns why each is
  /// dropped here: placed there (`--placement least-loaded`), or fenced.
  func fenced(_ owner: SessionOwner) -> (why: String, level: Logger.Level) {
    owners[owner.session] = owner
    if placing.removeValue(forKey: owner.session) == owner.node {
      return ("placed on node \(owner.node) (least loaded)", .info)
    }
    return ("a write was fenced: node \(owner.node) owns it (epoch \(owner.epoch))", .warning)
  }

  /// Records of `sessions` could not be stored (PostgreSQL unreachable):
  /// changes are refused until it answers, and those not being restored
  /// yet are claimed again and restored from the store. Returns the
  /// sessions to drop here now.
  func unstored(_ sessions: Set<String>, failure: String) -> Set<String> {
    if storeFailure == nil {
      logger.error(
        "cluster: a commit failed; refusing changes until PostgreSQL answers",
        metadata: ["error": "\(failure)"])
    }
    storeFailure = failure
    let dropped = sessions.subtracting(restoring)
    guard !dropped.isEmpty else { return [] }
    restoring.formUnion(dropped)
    link.reclaim(dropped)
    return dropped
  }

  /// This node as the owner of `session` (a session it drops to restore it
  /// from the store).
  func ownOwner(of session: String, epoch: Int64 = 0) -> SessionOwner {
    SessionOwner(
      session: session, node: options.node, address: options.advertise, epoch: epoch,
      isAlive: true)
  }
}

extension SessionOwner {
  /// A `MOVED` error's details.
  var details: [String: String] {
    ["session": session, "node": node, "address": address, "epoch": "\(epoch)"]
  }
}
