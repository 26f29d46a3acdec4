// The generator of random runs: steps drawn from seeded streams, looking at
// the run's state to keep most of them meaningful (and some deliberately
// not), then settling and checking.

import Foundation

@testable import CurtainCore

/// Produces random steps for a run, looking at its state to keep most of them
/// meaningful (and some deliberately not).
struct FuzzGenerator {
  var rng: SplitMix64
  /// Resizes draw from their own stream, so that adding them left the
  /// choices of every other step as they were for each seed.
  var resizeRNG: SplitMix64
  /// Whether to take a split, page or size-class step (runs with
  /// `splitsAndPages`) draws from a third stream, for the same reason.
  var containerRNG: SplitMix64

  /// Whether runs with split and page view controllers and interactive
  /// presentations also present over contexts anywhere in the window.
  /// On by default; `INVARIANT_CONTEXT_STEPS=0` turns them off.
  static let contextSteps = ProcessInfo.processInfo.environment["INVARIANT_CONTEXT_STEPS"] != "0"

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
    resizeRNG = SplitMix64(seed: seed ^ 0x5EED_51E5)
    containerRNG = SplitMix64(seed: seed ^ 0x5EED_5B1D)
  }

  /// Generates and executes a whole run: `count` submissions with clock
  /// steps and interaction requests in between, then settles and checks.
  mutating func perform(_ run: FuzzRun) {
    let target = rng.int(in: 20...60)
    var submitted = 0
    var guardSteps = 0
    // Start from a root most of the time so that operations land on screen.
    if rng.chance(0.85) {
      var root: ViewController =
        rng.chance(0.5) ? rng.pick(run.navigations) : rng.chance(0.5) ? run.tab : run.container
      if let split = run.split, let page = run.page, containerRNG.chance(0.4) {
        root = containerRNG.chance(0.7) ? split : page
      }
      run.execute(
        .submit(.setRoot(window: run.window.id, controller: root.id), expectNotFound: false))
      submitted += 1
    }
    while submitted < target && guardSteps < target * 5 {
      guardSteps += 1
      let step = next(run)
      if case .submit = step { submitted += 1 }
      run.execute(step)
    }
    run.settle()
    run.checkInvariants()
  }

  private mutating func next(_ run: FuzzRun) -> FuzzStep {
    if resizeRNG.chance(0.03) {
      let sizes = [
        Size(width: 390, height: 844), Size(width: 844, height: 390),
        Size(width: 1024, height: 768), Size(width: 500, height: 768),
      ]
      let animation =
        resizeRNG.chance(0.3)
        ? nil : SizeTransitionAnimation(duration: resizeRNG.pick([0.4, 0.2, 0]))
      return .submit(
        .resize(
          window: run.window.id, metrics: WindowMetrics(size: resizeRNG.pick(sizes)),
          animation: animation), expectNotFound: false)
    }
    if run.setup.splitsAndPages {
      if containerRNG.chance(0.04) { return sizeClassResize(run) }
      if containerRNG.chance(0.15) { return splitOrPage(run) }
      // Presentations over contexts deep inside containers, which follow
      // their context when a container stops showing it (a tab switch, a
      // push over it, a page turn, a hidden column, a transitionChildren).
      if run.setup.presentsInteractively && Self.contextSteps && containerRNG.chance(0.08) {
        return contextPresentation(run)
      }
    }
    let transitions = run.window.transitions
    let interactive = transitions.indices.filter { transitions[$0].isInteractive }
    let playing = transitions.indices.filter {
      if case .running = transitions[$0].state { return true }
      return false
    }
    if !interactive.isEmpty && rng.chance(0.35) {
      let slot = rng.pick(interactive)
      switch rng.int(10) {
      case 0..<5: return .update(slot: slot, percent: rng.unit() * 1.3 - 0.15)
      case 5..<8:
        return .finish(slot: slot, speed: rng.pick([1, 0.5, 2, 0, -1]), curve: rng.int(3))
      default: return .cancel(slot: slot, speed: rng.pick([1, 0.5, 3, 0]))
      }
    }
    if !playing.isEmpty && rng.chance(0.1) { return .pause(slot: rng.pick(playing)) }
    if !transitions.isEmpty && rng.chance(0.03) {
      // Possibly on a transition that is not interactive: INVALID_ARGUMENT.
      return .update(slot: rng.int(transitions.count), percent: rng.unit())
    }
    if rng.chance(0.02) { return .driveMissing(kind: rng.int(4)) }
    if run.setup.showsAndUnwinds && rng.chance(0.2) { return showOrUnwind(run) }
    if rng.chance(0.1) { return presentation(run) }
    if rng.chance(0.3) { return .advance(rng.chance(0.1) ? 0 : (rng.unit() * 0.5)) }
    return operation(run)
  }

  // MARK: Operations

  private mutating func any(_ run: FuzzRun) -> ViewController {
    if rng.chance(0.05) {
      // Anything in the session, the More controllers included.
      return rng.pick(run.session.controllers.values.sorted { $0.id < $1.id })
    }
    return rng.pick(run.pool)
  }

  private mutating func content(_ run: FuzzRun) -> ViewController {
    rng.chance(0.85) ? rng.pick(run.contents) : any(run)
  }

  private mutating func navigation(_ run: FuzzRun) -> ViewController {
    let roll = rng.int(100)
    if roll < 4, let more = run.tab.moreNavigationController { return more }
    if roll < 8 { return any(run) }
    // Prefer one on screen, where changes animate.
    let onScreen = run.navigations.filter(\.isOnScreen)
    if roll < 60 && !onScreen.isEmpty { return rng.pick(onScreen) }
    return rng.pick(run.navigations)
  }

  private mutating func animator(_ probability: Double = 0.2) -> AnimatorSpec? {
    rng.chance(probability) ? .crossDissolve(duration: rng.pick([0.25, 0.5])) : nil
  }

  private mutating func controllers(_ run: FuzzRun, count: Int, from candidates: [ViewController])
    -> [ControllerID]
  {
    var pool = candidates
    var list: [ControllerID] = []
    for _ in 0..<count where !pool.isEmpty {
      let index = rng.int(pool.count)
      list.append(pool.remove(at: index).id)
    }
    if !list.isEmpty && rng.chance(0.05) { list.append(rng.pick(list)) }  // a duplicate
    return list
  }

  /// A resize to a phone or pad window of another size class, sometimes
  /// with another idiom, safe area and scale.
  private mutating func sizeClassResize(_ run: FuzzRun) -> FuzzStep {
    let metrics = containerRNG.pick([
      WindowMetrics(),
      WindowMetrics(
        size: Size(width: 844, height: 390),
        safeAreaInsets: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
      WindowMetrics(
        size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad),
      WindowMetrics(
        size: Size(width: 320, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad),
      WindowMetrics(
        size: Size(width: 820, height: 1180), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad),
      WindowMetrics(size: Size(width: 700, height: 400), safeAreaInsets: EdgeInsets()),
    ])
    let animation =
      containerRNG.chance(0.3)
      ? nil : SizeTransitionAnimation(duration: containerRNG.pick([0.4, 0.25, 0]))
    return .submit(
      .resize(window: run.window.id, metrics: metrics, animation: animation),
      expectNotFound: false)
  }

  /// A currentContext or overCurrentContext presentation on a controller
  /// anywhere in the window (mostly one that defines the context, so that
  /// it covers a view inside a container), or a dismissal of one.
  private mutating func contextPresentation(_ run: FuzzRun) -> FuzzStep {
    let inWindow = run.session.controllers.values.filter { $0.viewIfLoaded?.window === run.window }
      .sorted { $0.id < $1.id }
    let contexts = inWindow.filter(\.definesPresentationContext)
    if rng.chance(0.3) {
      let presented = run.window.presentedControllers
      let target = !presented.isEmpty && rng.chance(0.9) ? rng.pick(presented) : any(run)
      return .submit(
        .dismiss(controller: target.id, animated: rng.chance(0.5), animator: nil),
        expectNotFound: false)
    }
    let presenter =
      !contexts.isEmpty && rng.chance(0.8)
      ? rng.pick(contexts) : !inWindow.isEmpty ? rng.pick(inWindow) : any(run)
    let loose = run.pool.filter {
      $0.parent == nil && $0.presentation == nil && $0 !== run.window.rootViewController
    }
    let presented = !loose.isEmpty && rng.chance(0.9) ? rng.pick(loose) : any(run)
    let style = rng.pick([ModalPresentationStyle.currentContext, .overCurrentContext])
    return .submit(
      .present(
        presenter: presenter.id, controller: presented.id, animated: rng.chance(0.5),
        animator: nil, adaptiveStyle: rng.chance(0.2) ? ModalPresentationStyle.none : nil,
        options: PresentOptions(style: style)), expectNotFound: false)
  }

  /// Split and page view controller operations (SEMANTICS §3): columns,
  /// display modes and widths (some invalid), pages (some of the wrong
  /// count, some with a data source) and turns; a few name ids that do not
  /// exist.
  private mutating func splitOrPage(_ run: FuzzRun) -> FuzzStep {
    guard let split = run.split, let page = run.page else { return .advance(0) }
    let animated = rng.chance(0.6)
    let splitID = rng.chance(0.95) ? split.id : any(run).id
    let pageID = rng.chance(0.95) ? page.id : any(run).id
    let columns = run.contents + run.navigations.map { $0 as ViewController }
    switch rng.int(20) {
    case 0..<4:
      let primary = rng.chance(0.9) ? rng.pick(columns) : any(run)
      let secondary: ViewController? =
        rng.chance(0.2) ? nil : rng.chance(0.9) ? rng.pick(columns) : any(run)
      return .submit(
        .setSplitColumns(split: splitID, primary: primary.id, secondary: secondary?.id),
        expectNotFound: false)
    case 4..<8:
      var change = SplitPreferenceChange()
      if rng.chance(0.7) { change.displayMode = rng.pick(SplitDisplayMode.allCases) }
      if rng.chance(0.3) {
        change.primaryWidthFraction = rng.pick([.automatic, .value(0.3), .value(0.5), .value(1.5)])
      }
      if rng.chance(0.2) { change.primaryWidth = rng.pick([.automatic, .value(200), .value(-1)]) }
      if rng.chance(0.15) {
        change.minimumPrimaryWidth = rng.pick([.automatic, .value(100), .value(500)])
      }
      if rng.chance(0.15) {
        change.maximumPrimaryWidth = rng.pick([.automatic, .value(400), .value(50)])
      }
      return .submit(
        .configureSplit(split: splitID, change: change, animated: animated, animator: animator()),
        expectNotFound: false)
    case 8..<14:
      let required = page.options.requiredViewControllerCount
      let source: [ControllerID]? =
        rng.chance(0.6)
        ? controllers(run, count: rng.int(in: 2...6), from: run.contents) : nil
      var list = controllers(
        run, count: rng.chance(0.9) ? required : rng.int(in: 0...3), from: run.contents)
      if let source, rng.chance(0.7) {
        list = rng.chance(0.5) ? [] : Array(source.randomRun(required, &rng))
      }
      return .submit(
        .setPages(
          page: pageID, controllers: list, direction: rng.pick(PageDirection.allCases),
          animated: animated, animator: animator(0.1), dataSource: source),
        expectNotFound: false)
    case 14..<19:
      return .submit(
        .turnPage(
          page: pageID, direction: rng.pick(PageDirection.allCases), animated: animated,
          animator: animator(0.1)), expectNotFound: false)
    default:
      let missing = ControllerID(9_000 + UInt64(rng.int(100)))
      return .submit(
        rng.pick([
          .setSplitColumns(split: missing, primary: run.contents[0].id, secondary: nil),
          .setSplitColumns(split: split.id, primary: missing, secondary: nil),
          .configureSplit(
            split: missing, change: SplitPreferenceChange(displayMode: .secondaryOnly),
            animated: false, animator: nil),
          .setPages(
            page: page.id, controllers: [missing], direction: .forward, animated: false,
            animator: nil, dataSource: nil),
          .turnPage(page: missing, direction: .forward, animated: false, animator: nil),
        ]), expectNotFound: true)
    }
  }

  /// Configuring, presenting and dismissing (full-screen styles and
  /// sheets: presenters are the root or the top of its chain).
  private mutating func presentation(_ run: FuzzRun) -> FuzzStep {
    let shown =
      ([run.window.rootViewController].compactMap { $0 } + run.window.presentedControllers)
      .flatMap { [$0] + $0.children }
    let roll = rng.int(10)
    if roll < 3 {
      let style = rng.pick([
        ModalPresentationStyle.fullScreen, .pageSheet, .formSheet, .overFullScreen, .automatic,
        .custom, .popover,
      ])
      let transition =
        rng.chance(0.05)
        ? ModalTransitionStyle.partialCurl
        : rng.pick([ModalTransitionStyle.coverVertical, .crossDissolve, .flipHorizontal])
      if run.setup.presentsInteractively && rng.chance(0.4) {
        return .configure(
          any(run).id, rng.pick([.currentContext, .overCurrentContext]), transition)
      }
      return .configure(any(run).id, style, transition)
    }
    if roll < 7 {
      let presenter = !shown.isEmpty && rng.chance(0.8) ? rng.pick(shown) : any(run)
      let loose = run.pool.filter {
        $0.parent == nil && $0.presentation == nil && $0 !== run.window.rootViewController
      }
      let presented = !loose.isEmpty && rng.chance(0.85) ? rng.pick(loose) : any(run)
      let adaptive = rng.pick([
        nil, nil, ModalPresentationStyle.fullScreen, ModalPresentationStyle.none, .formSheet,
        .pageSheet,
      ])
      if run.setup.presentsInteractively && rng.chance(0.4) {
        return .submit(
          .beginInteractivePresent(
            presenter: presenter.id, controller: presented.id, animator: animator(),
            adaptiveStyle: adaptive), expectNotFound: false)
      }
      return .submit(
        .present(
          presenter: presenter.id, controller: presented.id, animated: rng.chance(0.6),
          animator: animator(), adaptiveStyle: adaptive), expectNotFound: false)
    }
    let target = !shown.isEmpty && rng.chance(0.85) ? rng.pick(shown) : any(run)
    if run.setup.presentsInteractively && rng.chance(0.4) {
      return .submit(
        .beginInteractiveDismiss(controller: target.id, animator: animator()),
        expectNotFound: false)
    }
    return .submit(
      .dismiss(controller: target.id, animated: rng.chance(0.6), animator: animator()),
      expectNotFound: false)
  }

  /// show, showDetail and unwind, from controllers in the window mostly;
  /// action `none` is declared by nobody (NOT_FOUND).
  private mutating func showOrUnwind(_ run: FuzzRun) -> FuzzStep {
    let inWindow = run.session.controllers.values.filter { $0.window === run.window }
      .sorted { $0.id < $1.id }
    let source = !inWindow.isEmpty && rng.chance(0.85) ? rng.pick(inWindow) : any(run)
    if rng.chance(0.6) {
      let loose = run.pool.filter {
        $0.parent == nil && $0.presentation == nil && $0 !== run.window.rootViewController
      }
      let shown = !loose.isEmpty && rng.chance(0.8) ? rng.pick(loose) : any(run)
      return .submit(
        .show(
          rng.chance(0.7) ? .show : .showDetail, sender: source.id, controller: shown.id,
          animated: rng.chance(0.6), animator: animator(0.1)), expectNotFound: false)
    }
    return .submit(
      .unwind(
        source: source.id, action: rng.pick(["a", "b", "c", "none"]), animated: rng.chance(0.6)),
      expectNotFound: false)
  }

  private mutating func operation(_ run: FuzzRun) -> FuzzStep {
    let window = run.window.id
    let animated = rng.chance(0.6)
    let roll = rng.int(100)
    let op: WindowOperation
    switch roll {
    case 0..<6:
      let controller: ViewController? =
        rng.chance(0.08)
        ? nil
        : rng.chance(0.7)
          ? rng.pick((run.navigations as [ViewController]) + [run.tab, run.container]) : any(run)
      op = .setRoot(window: window, controller: controller?.id)
    case 6:
      op = .setVisible(
        window: window, visible: rng.chance(0.8) ? !run.window.isVisible : run.window.isVisible)
    case 7..<24:
      op = .push(
        navigation: navigation(run).id, controller: content(run).id, animated: animated,
        animator: animator())
    case 24..<32:
      op = .pop(navigation: navigation(run).id, animated: animated, animator: animator())
    case 32..<36:
      let nav = navigation(run)
      let target = rng.chance(0.75) && !nav.children.isEmpty ? rng.pick(nav.children) : content(run)
      op = .popTo(
        navigation: nav.id, controller: target.id, animated: animated, animator: animator())
    case 36..<40:
      op = .popToRoot(navigation: navigation(run).id, animated: animated, animator: animator())
    case 40..<46:
      let list = controllers(run, count: rng.int(in: 0...4), from: run.contents)
      op = .setViewControllers(
        navigation: navigation(run).id, controllers: rng.chance(0.05) ? list + [any(run).id] : list,
        animated: animated, animator: animator())
    case 46..<55:
      let selection: TabSelection
      let tabCount = run.tab.viewControllers.count
      switch rng.int(100) {
      case 0..<10: selection = .index(rng.int(in: -1...tabCount))
      case 10..<25 where run.tab.hasMore: selection = .more
      case 25..<40 where run.tab.hasMore: selection = .index(rng.int(in: 4...(tabCount - 1)))
      case 10..<40 where tabCount > 0: selection = .index(rng.int(tabCount))
      case 40..<85:
        selection = .controller(
          (rng.chance(0.8) && !run.tab.viewControllers.isEmpty
            ? rng.pick(run.tab.viewControllers) : any(run)).id)
      default: selection = .more  // INVALID_ARGUMENT without More
      }
      let spec: AnimatorSpec? =
        rng.chance(0.3)
        ? .crossDissolve(duration: 0.3) : rng.chance(0.1) ? .none(duration: 0.3) : nil
      op = .selectTab(
        tabBar: rng.chance(0.95) ? run.tab.id : any(run).id, selection: selection, animator: spec)
    case 55..<62:
      // Mostly leave out the window's root (which cannot become a tab).
      let candidates =
        (run.contents + run.navigations.map { $0 as ViewController } + [run.container])
        .filter { $0 !== run.window.rootViewController || rng.chance(0.2) }
      var list = controllers(run, count: rng.int(in: 0...candidates.count), from: candidates)
      if rng.chance(0.05) { list.append(run.tab.id) }
      op = .setTabs(tabBar: run.tab.id, controllers: list)
    case 62..<70:
      let frame: Rect? = rng.chance(0.2) ? Rect(x: 10, y: 20, width: 100, height: 200) : nil
      op = .addChild(
        parent: rng.chance(0.9) ? run.container.id : any(run).id,
        child: rng.chance(0.7) ? content(run).id : any(run).id, frame: frame)
    case 70..<76:
      let parents = run.pool.filter { !$0.children.isEmpty }
      let child =
        rng.chance(0.7) && !parents.isEmpty ? rng.pick(rng.pick(parents).children) : any(run)
      op = .removeFromParent(child.id)
    case 76..<82 where run.container.children.count < 2 && rng.chance(0.7):
      op = .addChild(parent: run.container.id, child: content(run).id, frame: nil)
    case 76..<82:
      // Valid when `from`'s view is in the container's and `to`'s is not.
      let children = run.container.children
      let root = run.container.viewIfLoaded
      let shown = children.filter { child in
        root.map { child.viewIfLoaded?.isDescendant(of: $0) ?? false } ?? false
      }
      let hidden = children.filter { child in !shown.contains { $0 === child } }
      let from = !shown.isEmpty && rng.chance(0.9) ? rng.pick(shown) : any(run)
      let to =
        !hidden.isEmpty && rng.chance(0.9)
        ? rng.pick(hidden)
        : !children.isEmpty && rng.chance(0.5) ? rng.pick(children) : content(run)
      let spec: AnimatorSpec =
        rng.pick([.crossDissolve(duration: 0.3), .none(duration: 0), .none(duration: 0.25)])
      op = .transitionChildren(
        container: run.container.id, from: from.id, to: to.id, animator: spec)
    case 82..<94:
      // Mostly a navigation controller that can pop interactively.
      let ready = run.session.controllers.values.sorted { $0.id < $1.id }.filter {
        $0 is NavigationController && $0.children.count > 1 && $0.isOnScreen
      }
      if ready.isEmpty && rng.chance(0.7) {
        op = .push(
          navigation: navigation(run).id, controller: content(run).id, animated: animated,
          animator: animator())
      } else {
        let nav = !ready.isEmpty && rng.chance(0.8) ? rng.pick(ready) : navigation(run)
        op = .beginInteractivePop(navigation: nav.id, animator: animator(0.15))
      }
    default:
      // An id that does not exist, in some position.
      let missing = ControllerID(9_000 + UInt64(rng.int(100)))
      let nav = run.navigations[0].id
      let choices: [WindowOperation] = [
        .push(navigation: nav, controller: missing, animated: animated, animator: nil),
        .push(
          navigation: missing, controller: run.contents[0].id, animated: animated, animator: nil),
        .setRoot(window: window, controller: missing),
        .removeFromParent(missing),
        .addChild(parent: run.container.id, child: missing, frame: nil),
        .setTabs(tabBar: run.tab.id, controllers: [run.contents[0].id, missing]),
        .selectTab(tabBar: run.tab.id, selection: .controller(missing), animator: nil),
        .beginInteractivePop(navigation: missing, animator: nil),
        .popTo(navigation: nav, controller: missing, animated: false, animator: nil),
        .transitionChildren(
          container: run.container.id, from: missing, to: run.contents[0].id,
          animator: .none(duration: 0)),
      ]
      return .submit(rng.pick(choices), expectNotFound: true)
    }
    return .submit(op, expectNotFound: false)
  }
}
