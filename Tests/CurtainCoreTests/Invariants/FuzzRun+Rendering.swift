// How a random run names controllers and renders steps and a controller's
// events, for failure messages and debugging output.

@testable import CurtainCore

extension FuzzRun {
  func name(_ id: ControllerID?) -> String {
    guard let id else { return "nil" }
    return session.controllers[id]?.name ?? "missing#\(id.rawValue)"
  }

  private func render(_ animator: AnimatorSpec?) -> String {
    guard let animator else { return "default" }
    if animator == .push { return "push" }
    if animator == .pop { return "pop" }
    return animator.tracks.isEmpty ? "none(\(animator.duration))" : "dissolve(\(animator.duration))"
  }

  private func render(_ selection: TabSelection) -> String {
    switch selection {
    case .index(let index): return "index \(index)"
    case .controller(let id): return name(id)
    case .more: return "more"
    }
  }

  func render(_ step: FuzzStep) -> String {
    switch step {
    case .submit(let operation, let expectNotFound):
      let text: String
      switch operation {
      case .setRoot(_, let controller): text = "setRoot(\(name(controller)))"
      case .setVisible(_, let visible): text = "setVisible(\(visible))"
      case .resize(_, let metrics, let animation):
        text = "resize(\(metrics.size), \(animation.map { "\($0.duration) s" } ?? "at once"))"
      case .addChild(let parent, let child, let frame, let installsView):
        text =
          "addChild(\(name(parent)) ← \(name(child))\(frame.map { ", frame \($0)" } ?? "")"
          + "\(installsView ? "" : ", no view"))"
      case .removeFromParent(let child): text = "removeFromParent(\(name(child)))"
      case .transitionChildren(let container, let from, let to, let animator):
        text =
          "transitionChildren(\(name(container)): \(name(from)) → \(name(to)), \(render(animator)))"
      case .push(let nav, let controller, let animated, let animator):
        text =
          "push(\(name(nav)) ← \(name(controller)), animated: \(animated), \(render(animator)))"
      case .pop(let nav, let animated, let animator):
        text = "pop(\(name(nav)), animated: \(animated), \(render(animator)))"
      case .popTo(let nav, let controller, let animated, let animator):
        text =
          "popTo(\(name(nav)) → \(name(controller)), animated: \(animated), \(render(animator)))"
      case .popToRoot(let nav, let animated, let animator):
        text = "popToRoot(\(name(nav)), animated: \(animated), \(render(animator)))"
      case .setViewControllers(let nav, let list, let animated, let animator):
        text =
          "setViewControllers(\(name(nav)), [\(list.map { name($0) }.joined(separator: ", "))], animated: \(animated), \(render(animator)))"
      case .selectTab(let tab, let selection, let animator):
        text = "selectTab(\(name(tab)), \(render(selection)), \(render(animator)))"
      case .setTabs(let tab, let list):
        text = "setTabs(\(name(tab)), [\(list.map { name($0) }.joined(separator: ", "))])"
      case .beginInteractivePop(let nav, let animator):
        text = "beginInteractivePop(\(name(nav)), \(render(animator)))"
      case .present(
        let presenter, let controller, let animated, let animator, let adaptive, let options):
        text =
          "present(\(name(controller)) on \(name(presenter)), animated: \(animated), "
          + "\(render(animator)), adaptive: \(adaptive?.rawValue ?? "default")"
          + "\(options.style.map { ", style: \($0.rawValue)" } ?? ""))"
      case .dismiss(let controller, let animated, let animator):
        text = "dismiss(\(name(controller)), animated: \(animated), \(render(animator)))"
      case .show(let action, let sender, let controller, let animated, let animator):
        text =
          "\(action.rawValue)(\(name(controller)) from \(name(sender)), animated: \(animated), "
          + "\(render(animator)))"
      case .performSegue(let source, let identifier, let triggered, let animated):
        text =
          "performSegue(\(identifier) from \(name(source)), triggered: \(triggered), "
          + "animated: \(animated))"
      case .unwind(let source, let action, let animated):
        text = "unwind(\(action) from \(name(source)), animated: \(animated))"
      case .beginInteractivePresent(let presenter, let controller, let animator, let adaptive, _):
        text =
          "beginInteractivePresent(\(name(controller)) on \(name(presenter)), "
          + "\(render(animator)), adaptive: \(adaptive?.rawValue ?? "default"))"
      case .beginInteractiveDismiss(let controller, let animator):
        text = "beginInteractiveDismiss(\(name(controller)), \(render(animator)))"
      case .setSplitColumns(let split, let primary, let secondary):
        text = "setSplitColumns(\(name(split)), \(name(primary)), \(secondary.map(name) ?? "nil"))"
      case .configureSplit(let split, let change, let animated, let animator):
        text =
          "configureSplit(\(name(split)), \(change), animated: \(animated), \(render(animator)))"
      case .setPages(let page, let list, let direction, let animated, let animator, let source):
        text =
          "setPages(\(name(page)), [\(list.map { name($0) }.joined(separator: ", "))], "
          + "\(direction.rawValue), animated: \(animated), \(render(animator)), "
          + "source: \(source.map { "[\($0.map { name($0) }.joined(separator: ", "))]" } ?? "nil"))"
      case .turnPage(let page, let direction, let animated, let animator):
        text =
          "turnPage(\(name(page)), \(direction.rawValue), animated: \(animated), \(render(animator)))"
      case .beginInteractivePageTurn(let page, let direction, let animator):
        text =
          "beginInteractivePageTurn(\(name(page)), \(direction.rawValue), \(render(animator)))"
      case .setCollectionLayout(let collection, let layout, let animated, let animator):
        text =
          "setCollectionLayout(\(name(collection)), \(layout), animated: \(animated), "
          + "\(render(animator)))"
      case .beginInteractiveLayoutTransition(let collection, let layout, let animator):
        text =
          "beginInteractiveLayoutTransition(\(name(collection)), \(layout), \(render(animator)))"
      case .beginInteractiveTabSelection(let tab, let selection, let animator):
        text =
          "beginInteractiveTabSelection(\(name(tab)), \(render(selection)), \(render(animator)))"
      case .beginAppearanceTransition(let controller, let appearing, let animated):
        text =
          "beginAppearanceTransition(\(name(controller)), appearing: \(appearing), "
          + "animated: \(animated))"
      case .endAppearanceTransition(let controller):
        text = "endAppearanceTransition(\(name(controller)))"
      case .tap(_, let point):
        text = "tap(\(point))"
      }
      return expectNotFound ? text + " [expect NOT_FOUND]" : text
    case .advance(let seconds): return "advance(\(seconds))"
    case .update(let slot, let percent): return "update(slot \(slot), \(percent))"
    case .finish(let slot, let speed, let curve):
      return "finish(slot \(slot), speed \(speed), curve \(curve))"
    case .cancel(let slot, let speed): return "cancel(slot \(slot), speed \(speed))"
    case .pause(let slot): return "pause(slot \(slot))"
    case .driveMissing(let kind): return "driveMissing(\(kind))"
    case .configure(let id, let style, let transition):
      return "configure(\(name(id)), \(style.rawValue), \(transition.rawValue))"
    }
  }

  /// The events of one controller, rendered, for failure messages.
  func history(of id: ControllerID, upTo index: Int? = nil) -> String {
    let end = index.map { $0 + 1 } ?? stream.count
    let lines = stream[..<end].compactMap { entry -> String? in
      switch entry.event.kind {
      case .lifecycle(let subject, _) where subject == id:
        return
          "\(entry.log == .window ? "w" : "d")#\(entry.event.seq) \(session.describe(entry.event))"
      default: return nil
      }
    }
    return lines.suffix(16).joined(separator: "; ")
  }
}
