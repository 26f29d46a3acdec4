// Cluster mode on the server's side (docs/cluster.md). The cluster router
// (ClusterRouter.swift) decides which requests this node serves and keeps
// what it knows of the cluster; here the server acts on the sessions:
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
    router = ClusterRouter(link: link, logger: logger, restored: restored, handOver: handOver)
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
    guard let router else {
      throw CurtainError(.invalidArgument, "This curtaind is not in a cluster")
    }
    guard let image = image(of: session.name) else {
      throw CurtainError(
        .busy, "Session '\(session.name)' is busy (a transition runs); move it when it is idle")
    }
    let (owner, move, commit) = router.handOver(image, to: target, now: clock())
    dropMovedSession(session.name, to: owner, why: "handed over to node \(target.name)")
    return (move, commit)
  }

  /// `--drain`: hands every session that has something in it over to the
  /// live nodes, each to the one with the fewest sessions then (at
  /// shutdown, before the last commit). Busy sessions and sessions with
  /// no other live node stay: they are failed over when this node's lease
  /// expires.
  func drainSessions() {
    guard let router, router.options.drain else { return }
    var load = router.drainTargets
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

  /// What the cluster's thread learnt (loop thread): the router takes it
  /// in, and the sessions this node lost are dropped, those it claimed
  /// restored.
  public func clusterNews(_ news: ClusterNews) {
    guard let router else { return }
    let consequences = router.take(news)
    for (name, owner) in consequences.lost {
      dropMovedSession(
        name, to: owner, why: "node \(owner.node) owns it now (epoch \(owner.epoch))")
    }
    for claimed in consequences.claimed { adopt(claimed) }
    router.restoredAgain(news.reclaimed)
    if let replaced = consequences.replaced {
      logger.critical("cluster: this node was replaced; stopping", metadata: ["why": "\(replaced)"])
      for name in sessions.keys.sorted() {
        guard let session = sessions[name] else { continue }
        if session.windows.isEmpty, session.controllers.isEmpty { continue }
        sessions[name] = nil
        history?.drop(name)
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
    guard !fenced.isEmpty, let router else { return }
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
      let (why, level) = router.fenced(owner)
      dropMovedSession(owner.session, to: owner, why: why, level: level)
    }
  }

  /// Records whose commit failed (PostgreSQL unreachable): their requests
  /// are answered UNAVAILABLE, and their sessions (whose memory has
  /// changes the store does not) are dropped and restored from the store
  /// as soon as it answers; changes are refused until then.
  public func journalUnstored(_ records: [UInt64: String], failure: String?) {
    guard !records.isEmpty, let router else { return }
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
    for name in router.unstored(Set(records.values), failure: failure).sorted() {
      dropMovedSession(name, to: router.ownOwner(of: name), why: "a commit failed: \(failure)")
    }
  }

  /// Removes a session this node no longer owns, without a record: its
  /// windows go, and the clients subscribed to it are closed with
  /// `REASON_MOVED` (they resubscribe on the new owner with `from_seq`).
  func dropMovedSession(
    _ name: String, to owner: SessionOwner, why: String, level: Logger.Level = .warning
  ) {
    guard let session = sessions.removeValue(forKey: name) else { return }
    history?.drop(name)
    for window in session.orderedWindows {
      let key = key(of: window)
      clocks.remove(key)
      publisher.removeWindow(key)
      traces.remove(key)
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
            session: claimed.name, node: router?.options.node ?? "", address: "",
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
