// `Subscribe`: events and/or frames of a window (or of every window of the
// session). The response goes out before any event of the subscription;
// `from_seq` replays what the ring still holds, else `snapshot_required`
// and a snapshot. `max_fps` limits the frames it gets of each window
// (Publisher.swift).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let subscribe = RequestHandler.session(
    .subscribe, mutates: false, window: { $0.subscribe.windowID },
    run: { context in
      try context.server.subscribe(context.client, context.request.subscribe, context.session)
    })
}

extension Server {
  func subscribe(_ client: ClientState, _ body: Curtain_V1_Subscribe, _ session: Session) throws
    -> HandlerResult
  {
    let windows: [Window]
    var scope: WindowID?
    if body.windowID != 0 {
      let window = try resolveWindow(body.windowID, in: session)
      windows = [window]
      scope = window.id
    } else {
      windows = session.orderedWindows
    }
    let categories = Set(try body.categories.map(EventCategory.init))
    let rates = Subscription.maxFPSRange
    if body.hasMaxFps, !rates.contains(body.maxFps) {
      return .invalid(
        "Subscribe's max_fps must be a number of frames a second from \(rates.lowerBound) to "
          + "\(Int(rates.upperBound)) (leave it unset for every frame), got \(body.maxFps)")
    }
    let credits = body.frameCredits == 0 ? 8 : Int(min(body.frameCredits, 1_000_000))
    let policy: FramePolicy
    switch body.framePolicy {
    case .latest, .UNRECOGNIZED: policy = .latest
    case .pause: policy = .pause(credits: credits)
    case .disconnect: policy = .disconnect(limit: credits)
    }
    var result = Curtain_V1_SubscribeResult()
    var cursors: [WindowID: UInt64] = [:]
    for window in windows {
      if body.hasFromSeq {
        if window.events(after: body.fromSeq) != nil {
          cursors[window.id] = body.fromSeq
        } else {
          result.snapshotRequired = true
          cursors[window.id] = window.log.lastSeq
          result.snapshots.append(
            tree(of: window, includeViews: true))
        }
      } else {
        cursors[window.id] = window.log.lastSeq
        if body.snapshot {
          result.snapshots.append(
            tree(of: window, includeViews: true))
        }
      }
    }
    if scope == nil {
      // Windows created later are followed from their first event.
      for window in session.orderedWindows where cursors[window.id] == nil {
        cursors[window.id] = 0
      }
    }
    let wantsEvents = body.events || !body.frames
    let subscription = publisher.subscribe(
      { id in
        Subscription(
          id: id, clientID: client.id, session: session.name, window: scope,
          categories: categories.isEmpty ? Set(EventCategory.allCases) : categories,
          events: wantsEvents, frames: body.frames, policy: policy,
          maxFPS: body.hasMaxFps ? body.maxFps : nil, cursors: cursors,
          detachedCursor: body.hasFromSeq
            ? min(body.fromSeq, session.detachedLog.lastSeq)
            : session.detachedLog.lastSeq)
      }, link: client.link)
    frameFollowersChanged(subscription)
    result.subscriptionID = subscription.id
    result.lastSeq = windows.first?.log.lastSeq ?? 0
    return .ok(.subscribed(result))
  }
}
