// The invariants of SEMANTICS §1–3 that every random run must keep, checked
// once it has settled: on the final state (FuzzRun+StateInvariants.swift)
// and on the complete event record (FuzzRun+EventInvariants.swift). A
// broken one is an `InvariantFailure`.

@testable import CurtainCore

/// A broken invariant.
struct InvariantFailure: Hashable {
  /// `I1`…`I7`, or `E-state`, `E-notFound`, `E-type`, `SETTLE`, `LOG-SPLIT`.
  var tag: String
  var message: String
}

extension FuzzRun {
  func checkInvariants() {
    stats.events = stream.count
    for entry in stream {
      switch entry.event.kind {
      case .hierarchy(.viewControllersChanged(let id, let list))
      where id == tab.id && list.count > 5:
        stats.moreTabs = 1
      case .hierarchy(.selectionChanged(let id, nil, let selected))
      where id == tab.id && selected != nil:
        stats.moreSelected = 1
      default: break
      }
    }
    for entry in stream {
      if case .transition(_, .began(let info)) = entry.event.kind {
        stats.transitions += 1
        if info.interactive { stats.interactivePops += 1 }
      }
      if case .operation(_, .failed) = entry.event.kind { stats.failedWhenDequeued += 1 }
    }
    if window.presentedControllers.contains(where: {
      $0.presentation?.style.isContextual == true && $0.viewIfLoaded?.superview != nil
        && $0.viewIfLoaded?.superview !== window.view
    }) {
      stats.contextInContainer = 1
    }
    let tree = checkTree()
    checkAppearanceMatchesWindow(tree: tree)
    checkAppearanceCallbacks()
    checkMoves()
    checkViewDidLoad()
    checkLogs()
    checkTransitionsAndOperations()
  }
}
