// Cluster mode on the server's side (docs/cluster.md): requests for a
// session of another node are answered MOVED (nothing changes here);
// sessions claimed from the shared store are restored, each in a scratch
// server of its own (their records come from another node: its clients,
// its clock), settled, and installed with their clocks moved to this
// node's, as an import is; sessions this node lost (fenced writes, or the
// map naming another owner) are dropped, and the clients subscribed to
// them are told where the session went.

import CurtainCore
import CurtainWire
import Logging

extension Server {
  /// Joins the cluster `link` leads to (before the loop runs).
  /// `restored` is told when sessions claimed again are back; `handOver`
  /// queues a session's hand-over to a node.
  func joinCluster(
    _ link: any ClusterLink, restored: @escaping (Set<String>) -> Void,
    handOver: @escaping (SessionImage, String) -> UInt64
  ) {
    var state = ClusterState(options: link.options)
    state.reclaim = { link.reclaim($0) }
    state.restored = restored
    state.handOver = handOver
    state.epoch = { link.epoch(of: $0) }
    state.place = { link.place($0, on: $1) }
    cluster = state
  }

  /// Hands `session` over to node `target` (MoveSession, --drain): its
  /// snapshot goes to the store after every record before it, with the
  /// session's new owner; it leaves this node at once (its subscribers
  /// are sent to the new node), and requests for it are answered BUSY for
  /// a moment (the new node takes it within a lease interval), then
  /// MOVED. Returns where it goes and the number the answer waits for.
  /// `BUSY` while a transition of the session runs.
  func handOver(_ session: Session, to target: Curtain_V1_NodeList.Entry) throws
    -> (move: Curtain_V1_SessionMove, commit: UInt64)
  {
    guard let cluster else {
      throw CurtainError(.invalidArgument, "This curtaind is not in a cluster")
    }
    guard let image = image(of: session.name) else {
      throw CurtainError(
        .busy, "Session '\(session.name)' is busy (a transition runs); move it when it is idle")
    }
    let epoch = (cluster.epoch(session.name) ?? 0) + 1
    let commit = cluster.handOver(image, target.name)
    let owner = SessionOwner(
      session: session.name, node: target.name, address: target.address, epoch: epoch,
      isAlive: true)
    self.cluster?.owners[session.name] = owner
    self.cluster?.leaving[session.name] = clock() + 2 * cluster.options.leaseInterval + 1
    dropMovedSession(session.name, to: owner, why: "handed over to node \(target.name)")
    var move = Curtain_V1_SessionMove()
    move.session = session.name
    move.node = target.name
    move.address = target.address
    move.epoch = UInt64(epoch)
    return (move, commit)
  }

  /// `--drain`: hands every session that has something in it over to the
  /// live nodes, each to the one with the fewest sessions then (at
  /// shutdown, before the last commit). Busy sessions and sessions with
  /// no other live node stay: they are failed over when this node's lease
  /// expires.
  func drainSessions() {
    guard let cluster, cluster.options.drain else { return }
    var load = Dictionary(
      cluster.nodes.nodes.filter { $0.alive && $0.name != cluster.options.node }.map {
        ($0.name, ($0, $0.sessions.count))
      }
    ) { first, _ in first }
    var moved = 0
    var stayed: [String] = []
    for name in sessions.keys.sorted() {
      guard let session = sessions[name] else { continue }
      if session.windows.isEmpty, session.controllers.isEmpty, session.storyboards.isEmpty {
        continue
      }
      guard let (target, count) = load.values.min(by: { ($0.1, $0.0.name) < ($1.1, $1.0.name) }),
        (try? handOver(session, to: target)) != nil
      else {
        stayed.append(name)
        continue
      }
      load[target.name]?.1 = count + 1
      moved += 1
    }
    logger.notice(
      "cluster: drained",
      metadata: ["moved": "\(moved)", "stayed": "\(stayed.joined(separator: ","))"])
  }

  /// The session a request is routed by (nil: it addresses the node).
  func routedSession(of request: WireRequest, _ kind: RequestKind) -> String? {
    switch kind {
    case .hello, .sync, .getStatus, .getMetrics, .listSessions, .listNodes, .shutdown,
      .unsubscribe:
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
  /// answer; nil otherwise.
  func clusterRefusal(of request: WireRequest, _ kind: RequestKind?, recorded: Bool)
    -> HandlerResult?
  {
    guard let cluster, let kind, let name = routedSession(of: request, kind) else { return nil }
    if let failure = cluster.storeFailure, recorded {
      return .failed(
        .unavailable,
        "The cluster's PostgreSQL does not take changes now (\(failure)); nothing was changed: "
          + "try again once it answers")
    }
    if cluster.restoring.contains(name) {
      return .failed(
        .busy,
        "Session '\(name)' is being restored from the cluster's store (its last change could "
          + "not be stored); try again in a moment")
    }
    guard let owner = cluster.owners[name], owner.node != cluster.options.node else {
      let lapsed = clock() - cluster.leaseCertainUntil
      guard lapsed < 0 else {
        return .failed(
          .unavailable,
          "Node \(cluster.options.node)'s lease in the cluster may have lapsed "
            + "\(Self.seconds(lapsed)) ago (it was not renewed in time: the node was paused, "
            + "or PostgreSQL did not answer): another node may own session '\(name)' now, so "
            + "this one serves nothing of it until its lease is renewed; try again in a moment")
      }
      if recorded { placeIfNew(name) }
      return nil
    }
    if let until = cluster.leaving[name] {
      if clock() < until {
        return .failed(
          .busy,
          "Session '\(name)' is moving to node \(owner.node) (\(owner.address)); try again "
            + "in a moment",
          details: owner.details)
      }
      self.cluster?.leaving[name] = nil
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
  func placeIfNew(_ name: String) {
    guard let cluster, cluster.options.placement == .leastLoaded,
      cluster.placing[name] == nil, cluster.epoch(name) == nil
    else { return }
    let me = cluster.options.node
    let candidates = cluster.nodes.nodes.filter { $0.alive || $0.name == me }
    func load(_ node: Curtain_V1_NodeList.Entry) -> Double {
      Double(node.sessions.count + cluster.placedSinceRead[node.name, default: 0])
        / Double(max(1, node.capacity))
    }
    let target =
      candidates.min {
        (load($0), $0.name == me ? 0 : 1, $0.name) < (load($1), $1.name == me ? 0 : 1, $1.name)
      }?.name ?? me
    self.cluster?.placedSinceRead[target, default: 0] += 1
    self.cluster?.placing[name] = target
    if target != me { cluster.place(name, target) }
  }

  /// `seconds` in words: "1.2 s".
  static func seconds(_ seconds: Double) -> String {
    "\((seconds * 10).rounded() / 10) s"
  }

  /// What the cluster's thread learnt (loop thread).
  public func clusterNews(_ news: ClusterNews) {
    guard let options = cluster?.options else { return }
    if let renewedAt = news.renewedAt {
      cluster?.leaseCertainUntil = renewedAt + options.leaseTimeout
    }
    if let nodes = news.nodes {
      // The list counts the sessions placed before it was read.
      cluster?.nodes = nodes
      cluster?.placedSinceRead = [:]
      let placing = cluster?.placing.filter { $0.value != options.node } ?? [:]
      cluster?.placing = placing
    }
    if news.failure == nil, cluster?.storeFailure != nil {
      cluster?.storeFailure = nil
      logger.notice("cluster: PostgreSQL answers again; taking changes")
    }
    if news.failure != cluster?.failure {
      if let failure = news.failure {
        logger.error("cluster: cannot reach PostgreSQL", metadata: ["error": "\(failure)"])
      } else if cluster?.failure != nil {
        logger.notice("cluster: PostgreSQL reachable again")
      }
      cluster?.failure = news.failure
    }
    if let map = news.map {
      let node = cluster?.options.node
      cluster?.owners = map.filter { $0.value.node != node }
    }
    for name in news.lost.keys.sorted() {
      guard let owner = news.lost[name] else { continue }
      cluster?.owners[name] = owner
      dropMovedSession(
        name, to: owner, why: "node \(owner.node) owns it now (epoch \(owner.epoch))")
    }
    for claimed in news.claimed {
      cluster?.owners[claimed.name] = nil
      adopt(claimed)
    }
    if !news.reclaimed.isEmpty {
      cluster?.restoring.subtract(news.reclaimed)
      cluster?.restored(news.reclaimed)
    }
    if let replaced = news.replaced {
      logger.critical("cluster: this node was replaced; stopping", metadata: ["why": "\(replaced)"])
      for name in sessions.keys.sorted() {
        guard let session = sessions[name] else { continue }
        if session.windows.isEmpty, session.controllers.isEmpty { continue }
        sessions[name] = nil
      }
      requestShutdown()
    }
    publish()
  }

  /// Records this node wrote for sessions of another node were refused
  /// (fencing): their requests are answered MOVED (they changed nothing
  /// that lasts), and so is every other answer about those sessions not
  /// sent yet (a read behind such a change showed this node's copy); the
  /// sessions are dropped here.
  public func journalFenced(_ fenced: [UInt64: SessionOwner]) {
    guard !fenced.isEmpty else { return }
    let owners = Dictionary(fenced.values.map { ($0.session, $0) }) { first, _ in first }
    let answered = outbox.answerUnsent { commit, session, recorded in
      guard let owner = (recorded ? fenced[commit] : nil) ?? session.flatMap({ owners[$0] })
      else { return nil }
      return CurtainError(
        owner.isAlive ? .moved : .busy,
        owner.isAlive
          ? "Session '\(owner.session)' is on node \(owner.node) (\(owner.address))"
          : "Session '\(owner.session)' belongs to node \(owner.node), whose lease "
            + "expired: it is being failed over; try again in a moment",
        details: owner.details)
    }
    dropWaiters(of: answered)
    var dropped: Set<String> = []
    for owner in fenced.values.sorted(by: { $0.session < $1.session })
    where dropped.insert(owner.session).inserted {
      cluster?.owners[owner.session] = owner
      if cluster?.placing.removeValue(forKey: owner.session) == owner.node {
        dropMovedSession(
          owner.session, to: owner, why: "placed on node \(owner.node) (least loaded)",
          level: .info)
      } else {
        dropMovedSession(
          owner.session, to: owner,
          why: "a write was fenced: node \(owner.node) owns it (epoch \(owner.epoch))")
      }
    }
  }

  /// Records whose commit failed (PostgreSQL unreachable): their requests
  /// are answered UNAVAILABLE, and their sessions (whose memory has
  /// changes the store does not) are dropped and restored from the store
  /// as soon as it answers; changes are refused until then.
  public func journalUnstored(_ records: [UInt64: String], failure: String?) {
    guard !records.isEmpty, let cluster else { return }
    let failure = failure ?? "the commit failed"
    let answered = outbox.answerUnsent { commit, _, recorded in
      guard recorded else { return nil }
      return records[commit].map { session in
        CurtainError(
          .unavailable,
          "The change could not be stored (\(failure)): it is undone, and session "
            + "'\(session)' is restored from the cluster's store as it was")
      }
    }
    dropWaiters(of: answered)
    if self.cluster?.storeFailure == nil {
      logger.error(
        "cluster: a commit failed; refusing changes until PostgreSQL answers",
        metadata: ["error": "\(failure)"])
    }
    self.cluster?.storeFailure = failure
    let sessions = Set(records.values).subtracting(cluster.restoring)
    guard !sessions.isEmpty else { return }
    self.cluster?.restoring.formUnion(sessions)
    let me = SessionOwner(
      session: "", node: cluster.options.node, address: cluster.options.advertise, epoch: 0,
      isAlive: true)
    for name in sessions.sorted() {
      var owner = me
      owner.session = name
      dropMovedSession(name, to: owner, why: "a commit failed: \(failure)")
    }
    cluster.reclaim(sessions)
  }

  /// Removes a session this node no longer owns, without a record: its
  /// windows go, and the clients subscribed to it are closed with
  /// `REASON_MOVED` (they resubscribe on the new owner with `from_seq`).
  func dropMovedSession(
    _ name: String, to owner: SessionOwner, why: String, level: Logger.Level = .warning
  ) {
    guard let session = sessions.removeValue(forKey: name) else { return }
    for window in session.orderedWindows {
      let key = key(of: window)
      clocks.remove(key)
      publisher.removeWindow(key)
      leases[key] = nil
    }
    waiters.removeAll { $0.key.session == name }
    let subscribers = publisher.subscribers(of: name)
    for id in subscribers {
      clients[id]?.link.close(
        reason: .moved,
        message: "Session '\(name)' moved to node \(owner.node) (\(owner.address))",
        details: owner.details)
    }
    logger.log(
      level: level, "cluster: session moved away",
      metadata: [
        "session": "\(name)", "node": "\(owner.node)", "epoch": "\(owner.epoch)",
        "why": "\(why)", "subscribers_closed": "\(subscribers.count)",
      ])
  }

  /// Restores a claimed session from what the shared store holds and puts
  /// it in place (replacing a stale copy).
  func adopt(_ claimed: ClaimedSession) {
    do throws(ImageError) {
      var image = try restoredImage(of: claimed)
      // Its clocks move to this node's, as an import's do.
      let now = clock()
      let shift = now - image.clock
      for index in image.windows.indices {
        image.windows[index].origin = Self.onGrid(image.windows[index].origin + shift)
        image.windows[index].lastFrameClock = Self.onGrid(
          image.windows[index].lastFrameClock + shift)
      }
      image.clock = now
      let restored = try rebuild(image)
      if sessions[claimed.name] != nil {
        dropMovedSession(
          claimed.name,
          to: SessionOwner(
            session: claimed.name, node: cluster?.options.node ?? "", address: "",
            epoch: claimed.epoch, isAlive: true),
          why: "replaced by the stored session")
      }
      install(restored)
      journal?.needsSnapshot(claimed.name)
      logger.info(
        "cluster: claimed session",
        metadata: [
          "session": "\(claimed.name)", "epoch": "\(claimed.epoch)",
          "records": "\(claimed.records.count)",
          "windows": "\(restored.session.windows.count)",
        ])
    } catch {
      logger.error(
        "cluster: cannot restore a claimed session",
        metadata: ["session": "\(claimed.name)", "error": "\(error.description)"])
    }
  }

  /// The image of a claimed session after its snapshot and records are
  /// replayed in a scratch server (at their own clock times, by their own
  /// clients) and its running transitions settled. A record that does not
  /// replay ends the replay there (logged), as in a restart.
  private func restoredImage(of claimed: ClaimedSession) throws(ImageError) -> SessionImage {
    let scratch = Server(configuration: configuration, clock: { 0 }, logger: logger)
    scratch.isRestoring = true
    if let snapshot = claimed.snapshot {
      guard snapshot.isIntact else { throw ImageError(description: "its snapshot is damaged") }
      let image = try SessionImage.decode(snapshot.image)
      guard image.session.name == claimed.name else {
        throw ImageError(description: "its snapshot describes session '\(image.session.name)'")
      }
      scratch.install(try scratch.rebuild(image))
    }
    for record in claimed.records {
      do throws(ReplayFailure) {
        guard record.isIntact else {
          throw ReplayFailure(description: "the record's checksum does not match")
        }
        try scratch.replay(record.entry)
      } catch {
        logger.error(
          "cluster: a record of a claimed session cannot be restored; serving what came before",
          metadata: [
            "session": "\(claimed.name)", "record": "\(record.seq)",
            "reason": "\(error.description)",
          ])
        break
      }
    }
    scratch.finishRestore()
    if scratch.sessions[claimed.name] == nil {
      _ = try? scratch.session(named: claimed.name, create: true)
    }
    guard let image = scratch.image(of: claimed.name) else {
      throw ImageError(description: "it is still busy after settling")
    }
    return image
  }
}

extension SessionOwner {
  /// A `MOVED` error's details.
  var details: [String: String] {
    ["session": session, "node": node, "address": address, "epoch": "\(epoch)"]
  }
}
