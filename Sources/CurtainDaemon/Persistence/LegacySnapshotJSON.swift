// The JSON snapshots of formats 1 and 2 (LegacySessionImage.swift), read
// into the Core's values. They were the `Codable` form the Core's snapshot
// values had: structs as objects of their properties (an absent key is
// nil), ids as `{"rawValue": 3}`, string enums by raw value, option sets
// as their number, enums with associated values as `{"case": {"label":
// value}}` (`_0`, `_1` for unlabelled values), dictionaries keyed by ids as
// arrays of keys and values in turn. The values format 2 added have, in a
// format-1 image, the ones its session had. The format-3 binary form wrote
// a few rare values (storyboards, presentations, errors, taps, popover
// placements, delegate events, split, page and custom container states) as
// this JSON too.

import CurtainCore
import Foundation

/// Reads the JSON form of snapshot values of `format` (1 or 2).
struct LegacySnapshotJSON {
  let format: Int

  /// A value that a format-1 image lacks: the default, else required.
  private func added(_ object: JSONObject, _ key: String) throws -> JSONField? {
    guard format >= 2 else { return object.optional(key) }
    return try object.required(key)
  }

  // MARK: The image

  func image(_ object: JSONObject) throws -> SessionImage {
    SessionImage(
      clock: try object.required("clock").number(),
      session: try session(object.required("session").object()),
      windows: try object.required("windows").array().map { field in
        let settings = try field.object()
        return SessionImage.WindowSettings(
          window: WindowID(try id(settings.required("window"))),
          frameRate: try settings.required("frameRate").integer(),
          origin: try settings.required("origin").number(),
          lastFrameClock: try settings.required("lastFrameClock").number(),
          frameSeq: try settings.required("frameSeq").integer())
      })
  }

  func session(_ object: JSONObject) throws -> SessionSnapshot {
    let ids = try object.required("nextIDs").object()
    var snapshot = SessionSnapshot(
      name: try object.required("name").string(),
      nextIDs: IdentifierCounters(
        window: try ids.required("window").integer(),
        controller: try ids.required("controller").integer(),
        view: try ids.required("view").integer(),
        transition: try ids.required("transition").integer(),
        operation: try ids.required("operation").integer()),
      windows: try object.required("windows").array().map { try window($0.object()) },
      controllers: try object.required("controllers").array().map { try controller($0.object()) },
      views: try object.required("views").array().map { try view($0.object()) },
      storyboards: try object.required("storyboards").array().map { try storyboard($0.object()) },
      detachedEvents: try log(object.required("detachedEvents").object()))
    snapshot.endings = try object.required("endings").array().map { field in
      let entry = try field.object()
      return RememberedEnding(
        transition: TransitionID(try id(entry.required("transition"))),
        ending: try ending(entry.required("ending")))
    }
    snapshot.departedNames = try object.required("departedNames").array().map { field in
      let entry = try field.object()
      return DepartedName(
        controller: ControllerID(try id(entry.required("controller"))),
        name: try entry.required("name").string())
    }
    return snapshot
  }

  func ending(_ field: JSONField) throws -> TransitionEnding {
    let (name, values) = try field.enumCase()
    switch name {
    case "completed": return .completed
    case "finished": return .finished
    case "cancelled": return .cancelled
    case "timedOut": return .timedOut(seconds: try values.required("seconds").number())
    case "ownerLeft": return .ownerLeft
    case "windowClosed": return .windowClosed
    case "animatorTimedOut":
      return .animatorTimedOut(seconds: try values.required("seconds").number())
    case "animatorLeft": return .animatorLeft
    default: throw field.error("unknown transition ending '\(name)'")
    }
  }

  // MARK: Windows and views

  func window(_ object: JSONObject) throws -> WindowSnapshot {
    WindowSnapshot(
      id: WindowID(try id(object.required("id"))),
      view: ViewID(try id(object.required("view"))),
      metrics: try metrics(object.required("metrics").object()),
      clockMode: try object.required("clockMode").raw(ClockMode.self),
      root: try object.optional("root").map { ControllerID(try id($0)) },
      isVisible: try object.required("isVisible").bool(),
      revision: try object.required("revision").integer(),
      time: try object.required("time").number(),
      events: try log(object.required("events").object()),
      nextAnimationID: try object.required("nextAnimationID").integer())
  }

  func metrics(_ object: JSONObject) throws -> WindowMetrics {
    WindowMetrics(
      size: try size(object.required("size")),
      safeAreaInsets: try insets(object.required("safeAreaInsets")),
      scale: try object.required("scale").number(),
      idiom: try object.required("idiom").raw(UserInterfaceIdiom.self),
      traits: try object.optional("traits").map(traits))
  }

  func traits(_ field: JSONField) throws -> TraitCollection {
    let object = try field.object()
    return TraitCollection(
      horizontalSizeClass: try object.required("horizontalSizeClass").raw(SizeClass.self),
      verticalSizeClass: try object.required("verticalSizeClass").raw(SizeClass.self),
      displayScale: try object.required("displayScale").number(),
      userInterfaceIdiom: try object.required("userInterfaceIdiom").raw(
        UserInterfaceIdiom.self))
  }

  func view(_ object: JSONObject) throws -> ViewSnapshot {
    let state = try object.required("state").object()
    var values = ViewState(
      frame: .zero, transform: try transform(state.required("transform")),
      alpha: try state.required("alpha").number(),
      cornerRadius: try state.required("cornerRadius").number())
    values.center = try point(state.required("center"))
    values.bounds = try rect(state.required("bounds"))
    return ViewSnapshot(
      id: ViewID(try id(object.required("id"))),
      role: try object.required("role").raw(ViewRole.self),
      controller: try object.optional("controller").map { ControllerID(try id($0)) },
      state: values, isHidden: try object.required("isHidden").bool(),
      backgroundColorName: try object.required("backgroundColorName").string(),
      subviews: try ids(object.required("subviews")).map(ViewID.init))
  }

  // MARK: Controllers

  func controller(_ object: JSONObject) throws -> ControllerSnapshot {
    let answers = try object.required("shouldPerformAnswers").object()
    return ControllerSnapshot(
      id: ControllerID(try id(object.required("id"))),
      kind: try object.required("kind").raw(ControllerKind.self),
      identifier: try object.optional("identifier")?.string(),
      title: try object.optional("title")?.string(),
      children: try ids(object.required("children")).map(ControllerID.init),
      appearance: try object.required("appearance").raw(AppearanceState.self),
      appearanceAnimated: try object.required("appearanceAnimated").bool(),
      view: try object.optional("view").map { ViewID(try id($0)) },
      hostWindow: try object.optional("hostWindow").map { WindowID(try id($0)) },
      modalPresentationStyle: try object.required("modalPresentationStyle").raw(
        ModalPresentationStyle.self),
      modalTransitionStyle: try object.required("modalTransitionStyle").raw(
        ModalTransitionStyle.self),
      definesPresentationContext: try object.required("definesPresentationContext").bool(),
      providesPresentationContextTransitionStyle: try object.required(
        "providesPresentationContextTransitionStyle"
      ).bool(),
      preferredContentSize: try size(object.required("preferredContentSize")),
      isModalInPresentation: try added(object, "isModalInPresentation")?.bool() ?? false,
      edgesForExtendedLayout: RectEdges(
        rawValue: try added(object, "edgesForExtendedLayout")?.integer() ?? RectEdges.all.rawValue),
      shouldAutomaticallyForwardAppearanceMethods: try added(
        object, "shouldAutomaticallyForwardAppearanceMethods")?.bool() ?? true,
      presented: try object.optional("presented").map { ControllerID(try id($0)) },
      presentation: try object.optional("presentation").map { try presentation($0.object()) },
      scene: try object.optional("scene").map(scene),
      unwindActions: try object.required("unwindActions").strings(),
      shouldPerformAnswers: try answers.dictionary.keys.reduce(into: [:]) { result, key in
        result[key] = try answers.required(key).bool()
      },
      container: try container(object.required("container")))
  }

  func scene(_ field: JSONField) throws -> SceneReference {
    let object = try field.object()
    return SceneReference(
      storyboard: try object.required("storyboard").string(),
      scene: try object.required("scene").string())
  }

  func container(_ field: JSONField) throws -> ContainerSnapshot {
    let (name, values) = try field.enumCase()
    if name == "content" { return .content }
    let state = try values.required("_0").object()
    switch name {
    case "navigation":
      return .navigation(
        NavigationSnapshot(
          navigationBar: try state.optional("navigationBar").map { ViewID(try id($0)) },
          managingTabBarController: try state.optional("managingTabBarController").map {
            ControllerID(try id($0))
          },
          isBarTranslucent: try added(state, "isBarTranslucent")?.bool() ?? false))
    case "tabBar":
      return .tabBar(
        TabBarSnapshot(
          viewControllers: try ids(state.required("viewControllers")).map(ControllerID.init),
          selectedIndex: try state.optional("selectedIndex")?.integer(),
          tabBar: try state.optional("tabBar").map { ViewID(try id($0)) },
          moreNavigationController: try state.optional("moreNavigationController").map {
            ControllerID(try id($0))
          },
          moreListController: try state.optional("moreListController").map {
            ControllerID(try id($0))
          },
          shownController: try state.optional("shownController").map { ControllerID(try id($0)) },
          isBarTranslucent: try added(state, "isBarTranslucent")?.bool() ?? false))
    case "split": return .split(try split(state))
    case "page": return .page(try page(state))
    case "container": return .container(try customContainer(state))
    default: throw field.error("unknown container '\(name)'")
    }
  }

  func split(_ object: JSONObject) throws -> SplitSnapshot {
    let values = try object.required("preferences").object()
    var preferences = SplitPreferences()
    preferences.displayMode = try values.required("displayMode").raw(SplitDisplayMode.self)
    preferences.primaryWidthFraction = try dimension(values.required("primaryWidthFraction"))
    preferences.primaryWidth = try dimension(values.required("primaryWidth"))
    preferences.minimumPrimaryWidth = try dimension(values.required("minimumPrimaryWidth"))
    preferences.maximumPrimaryWidth = try dimension(values.required("maximumPrimaryWidth"))
    return SplitSnapshot(
      primary: try object.optional("primary").map { ControllerID(try id($0)) },
      secondary: try object.optional("secondary").map { ControllerID(try id($0)) },
      preferences: preferences, isCollapsed: try object.required("isCollapsed").bool())
  }

  func dimension(_ field: JSONField) throws -> SplitDimension {
    let (name, values) = try field.enumCase()
    switch name {
    case "automatic": return .automatic
    case "value": return .value(try values.required("_0").number())
    default: throw field.error("unknown dimension '\(name)'")
    }
  }

  func page(_ object: JSONObject) throws -> PageSnapshot {
    let options = try object.required("options").object()
    return PageSnapshot(
      options: PageOptions(
        transitionStyle: try options.required("transitionStyle").raw(PageTransitionStyle.self),
        orientation: try options.required("orientation").raw(PageNavigationOrientation.self),
        spineLocation: try options.optional("spineLocation")?.raw(PageSpineLocation.self),
        isDoubleSided: try options.optional("isDoubleSided")?.bool()),
      viewControllers: try ids(object.required("viewControllers")).map(ControllerID.init),
      dataSource: try ids(object.required("dataSource")).map(ControllerID.init))
  }

  func customContainer(_ object: JSONObject) throws -> CustomContainerSnapshot {
    // A dictionary keyed by ids: its keys and values in turn.
    let items = try object.required("childFrames").array()
    guard items.count.isMultiple(of: 2) else {
      throw object.error("childFrames: expected keys and values in turn")
    }
    var frames: [ControllerID: Rect] = [:]
    for index in stride(from: 0, to: items.count, by: 2) {
      frames[ControllerID(try id(items[index]))] = try rect(items[index + 1])
    }
    return CustomContainerSnapshot(
      childFrames: frames,
      childrenAwaitingView: Set(
        try added(object, "childrenAwaitingView").map(ids)?.map(ControllerID.init) ?? []))
  }

  // MARK: Presentations

  func presentation(_ object: JSONObject) throws -> PresentationSnapshot {
    PresentationSnapshot(
      presenting: ControllerID(try id(object.required("presenting"))),
      requestedStyle: try object.required("requestedStyle").raw(ModalPresentationStyle.self),
      adaptiveStyle: try object.optional("adaptiveStyle")?.raw(ModalPresentationStyle.self),
      style: try object.required("style").raw(ModalPresentationStyle.self),
      isCard: try object.required("isCard").bool(),
      transitionStyle: try object.required("transitionStyle").raw(ModalTransitionStyle.self),
      contextContainer: try object.optional("contextContainer").map { ViewID(try id($0)) },
      windowView: ViewID(try id(object.required("windowView"))),
      dimmingView: try object.optional("dimmingView").map { ViewID(try id($0)) },
      popover: try object.optional("popover").map { field in
        let anchor = try field.object()
        return PopoverAnchorSnapshot(
          view: ViewID(try id(anchor.required("view"))),
          rect: try anchor.optional("rect").map(rect),
          barItem: try anchor.optional("barItem").map { field in
            let item = try field.object()
            return BarItemAnchorSnapshot(
              item: try barItem(item.required("item")),
              container: ControllerID(try id(item.required("container"))))
          },
          permittedArrowDirections: PopoverArrowDirections(
            rawValue: try anchor.required("permittedArrowDirections").integer()))
      },
      passthroughViews: try added(object, "passthroughViews").map(ids)?.map(ViewID.init) ?? [],
      removedPresenterSlot: try object.optional("removedPresenterSlot").map { field in
        let slot = try field.object()
        return PresenterSlot(
          superview: ViewID(try id(slot.required("superview"))),
          index: try slot.required("index").integer())
      },
      replacement: try object.optional("replacement").map { ControllerID(try id($0)) },
      original: try object.optional("original").map { ControllerID(try id($0)) },
      isEstablished: try object.required("isEstablished").bool(),
      viewHiddenWithContext: try object.required("viewHiddenWithContext").bool(),
      dimmingHiddenWithContext: try object.required("dimmingHiddenWithContext").bool(),
      custom: try object.optional("custom").map(customPresentation),
      popoverPlacement: try object.optional("popoverPlacement").map(placement))
  }

  func barItem(_ field: JSONField) throws -> BarItem {
    let (name, values) = try field.enumCase()
    switch name {
    case "navigationLeft": return .navigationLeft
    case "navigationRight": return .navigationRight
    case "tab": return .tab(try values.required("_0").integer())
    default: throw field.error("unknown bar item '\(name)'")
    }
  }

  func customPresentation(_ field: JSONField) throws -> CustomPresentation {
    let object = try field.object()
    return CustomPresentation(
      frame: try object.optional("frame").map(rect),
      dimmingAlpha: try object.optional("dimmingAlpha")?.number(),
      removesPresenterView: try object.required("removesPresenterView").bool())
  }

  func placement(_ field: JSONField) throws -> PopoverPlacement {
    let object = try field.object()
    return PopoverPlacement(
      frame: try rect(object.required("frame")),
      contentFrame: try rect(object.required("contentFrame")),
      arrowDirection: try object.optional("arrowDirection")?.raw(PopoverArrowDirection.self),
      arrowOffset: try object.required("arrowOffset").number())
  }

  // MARK: Storyboards and animators

  func storyboard(_ object: JSONObject) throws -> Storyboard {
    Storyboard(
      name: try object.required("name").string(),
      initialScene: try object.optional("initialScene")?.string(),
      scenes: try object.required("scenes").array().map { field in
        let scene = try field.object()
        return Storyboard.Scene(
          id: try scene.required("id").string(),
          kind: try scene.required("kind").raw(ControllerKind.self),
          title: try scene.optional("title")?.string(),
          children: try scene.required("children").strings(),
          unwindActions: try scene.required("unwindActions").strings(),
          modalPresentationStyle: try scene.optional("modalPresentationStyle")?.raw(
            ModalPresentationStyle.self),
          modalTransitionStyle: try scene.optional("modalTransitionStyle")?.raw(
            ModalTransitionStyle.self),
          definesPresentationContext: try scene.optional("definesPresentationContext")?.bool(),
          preferredContentSize: try scene.optional("preferredContentSize").map(size))
      },
      segues: try object.required("segues").array().map { field in
        let segue = try field.object()
        return Storyboard.Segue(
          identifier: try segue.required("identifier").string(),
          source: try segue.required("source").string(),
          destination: try segue.optional("destination")?.string(),
          kind: try segueKind(segue.required("kind")),
          animates: try segue.required("animates").bool(),
          shouldPerform: try segue.required("shouldPerform").bool())
      })
  }

  func segueKind(_ field: JSONField) throws -> Storyboard.SegueKind {
    let (name, values) = try field.enumCase()
    let style = try values.optional("style")?.raw(ModalPresentationStyle.self)
    switch name {
    case "show": return .show
    case "showDetail": return .showDetail
    case "present":
      return .present(
        style: style,
        transition: try values.optional("transition")?.raw(ModalTransitionStyle.self))
    case "popover":
      let anchor = try values.required("anchor").object()
      return .popover(
        anchor: Storyboard.PopoverAnchorSpec(
          rect: try anchor.optional("rect").map(rect),
          permittedArrowDirections: PopoverArrowDirections(
            rawValue: try anchor.required("permittedArrowDirections").integer())))
    case "custom":
      return .custom(animator: try animator(values.required("animator")), style: style)
    case "unwind": return .unwind(action: try values.required("action").string())
    default: throw field.error("unknown segue kind '\(name)'")
    }
  }

  func animator(_ field: JSONField) throws -> AnimatorSpec {
    let object = try field.object()
    var spec = AnimatorSpec(
      duration: try object.required("duration").number(),
      tracks: try object.required("tracks").array().map(track))
    spec.retiming = try object.optional("retiming").map { field in
      let retiming = try field.object()
      return Retiming(
        duration: try retiming.optional("duration")?.number(),
        curve: try retiming.optional("curve").map(timing))
    }
    return spec
  }

  func track(_ field: JSONField) throws -> TrackSpec {
    let object = try field.object()
    let target: TrackTarget
    let (name, values) = try object.required("target").enumCase()
    switch name {
    case "fromView": target = .fromView
    case "toView": target = .toView
    case "containerView": target = .containerView
    case "view": target = .view(ViewID(try id(values.required("_0"))))
    default: throw field.error("unknown track target '\(name)'")
    }
    return TrackSpec(
      target: target, property: try object.required("property").raw(AnimatableProperty.self),
      from: try valueSpec(object.required("from")), to: try valueSpec(object.required("to")),
      timing: try timing(object.required("timing")),
      relativeDelay: try object.required("relativeDelay").number(),
      relativeDuration: try object.required("relativeDuration").number())
  }

  func valueSpec(_ field: JSONField) throws -> ValueSpec {
    let (name, values) = try field.enumCase()
    switch name {
    case "current": return .current
    case "initialFrame": return .initialFrame
    case "finalFrame": return .finalFrame
    case "value": return .value(try animatableValue(values.required("_0")))
    case "offset", "containerOffset":
      let base = try valueSpec(values.required("_0"))
      let dx = try values.required("dx").number()
      let dy = try values.required("dy").number()
      return name == "offset"
        ? .offset(base, dx: dx, dy: dy) : .containerOffset(base, dx: dx, dy: dy)
    default: throw field.error("unknown value spec '\(name)'")
    }
  }

  func animatableValue(_ field: JSONField) throws -> AnimatableValue {
    let (name, values) = try field.enumCase()
    let value = try values.required("_0")
    switch name {
    case "rect": return .rect(try rect(value))
    case "point": return .point(try point(value))
    case "scalar": return .scalar(try value.number())
    case "transform": return .transform(try transform(value))
    default: throw field.error("unknown value '\(name)'")
    }
  }

  func timing(_ field: JSONField) throws -> TimingFunction {
    let (name, values) = try field.enumCase()
    let curve = try values.required("_0").object()
    switch name {
    case "cubicBezier":
      return .cubicBezier(
        CubicBezier(
          try curve.required("x1").number(), try curve.required("y1").number(),
          try curve.required("x2").number(), try curve.required("y2").number()))
    case "spring":
      return .spring(
        Spring(
          mass: try curve.required("mass").number(),
          stiffness: try curve.required("stiffness").number(),
          damping: try curve.required("damping").number(),
          initialVelocity: try curve.optional("initialVelocity")?.number() ?? 0,
          duration: try curve.optional("duration")?.number()))
    default: throw field.error("unknown timing function '\(name)'")
    }
  }

  // MARK: Events

  func log(_ object: JSONObject) throws -> EventLogSnapshot {
    EventLogSnapshot(
      lastSeq: try object.required("lastSeq").integer(),
      events: try object.required("events").array().map { try event($0.object()) })
  }

  func event(_ object: JSONObject) throws -> Event {
    Event(
      seq: try object.required("seq").integer(),
      windowID: try object.optional("windowID").map { WindowID(try id($0)) },
      revision: try object.required("revision").integer(),
      traceID: try object.optional("traceID")?.string(),
      time: try object.required("time").number(),
      kind: try eventKind(object.required("kind")))
  }

  func eventKind(_ field: JSONField) throws -> EventKind {
    let (name, values) = try field.enumCase()
    func controller(_ key: String = "_0") throws -> ControllerID {
      ControllerID(try id(values.required(key)))
    }
    switch name {
    case "lifecycle": return .lifecycle(try controller(), try lifecycle(values.required("_1")))
    case "navigationDelegate":
      let (call, arguments) = try values.required("_1").enumCase()
      let shown = ControllerID(try id(arguments.required("_0")))
      let animated = try arguments.required("animated").bool()
      switch call {
      case "willShow":
        return .navigationDelegate(try controller(), .willShow(shown, animated: animated))
      case "didShow":
        return .navigationDelegate(try controller(), .didShow(shown, animated: animated))
      default: throw field.error("unknown navigation delegate call '\(call)'")
      }
    case "hierarchy": return .hierarchy(try hierarchy(values.required("_0")))
    case "transition":
      return .transition(
        TransitionID(try id(values.required("_0"))), try transition(values.required("_1")))
    case "operation":
      return .operation(
        OperationID(try id(values.required("_0"))), try operation(values.required("_1")))
    case "window": return .window(try windowChange(values.required("_0")))
    case "presentation":
      return .presentation(
        presented: try controller("presented"), presenting: try controller("presenting"),
        try presentationPhase(values.required("_2")))
    case "sizeTransition":
      return .sizeTransition(try controller(), try sizeTransition(values.required("_1")))
    case "segue": return .segue(try controller(), try segue(values.required("_1")))
    case "delegate": return .delegate(try controller(), try delegate(values.required("_1")))
    default: throw field.error("unknown event kind '\(name)'")
    }
  }

  func lifecycle(_ field: JSONField) throws -> LifecycleCallback {
    let (name, values) = try field.enumCase()
    func animated() throws -> Bool { try values.required("animated").bool() }
    func parent() throws -> ControllerID? {
      try values.optional("toParent").map { ControllerID(try id($0)) }
    }
    switch name {
    case "viewDidLoad": return .viewDidLoad
    case "viewWillAppear": return .viewWillAppear(animated: try animated())
    case "viewDidAppear": return .viewDidAppear(animated: try animated())
    case "viewWillDisappear": return .viewWillDisappear(animated: try animated())
    case "viewDidDisappear": return .viewDidDisappear(animated: try animated())
    case "willMove": return .willMove(toParent: try parent())
    case "didMove": return .didMove(toParent: try parent())
    default: throw field.error("unknown lifecycle callback '\(name)'")
    }
  }

  func hierarchy(_ field: JSONField) throws -> HierarchyChange {
    let (name, values) = try field.enumCase()
    func controller(_ key: String) throws -> ControllerID {
      ControllerID(try id(values.required(key)))
    }
    switch name {
    case "rootChanged":
      return .rootChanged(try values.optional("_0").map { ControllerID(try id($0)) })
    case "childAdded":
      return .childAdded(parent: try controller("parent"), child: try controller("child"))
    case "childRemoved":
      return .childRemoved(parent: try controller("parent"), child: try controller("child"))
    case "viewControllersChanged":
      return .viewControllersChanged(
        try controller("_0"), try ids(values.required("_1")).map(ControllerID.init))
    case "selectionChanged":
      return .selectionChanged(
        try controller("_0"), index: try values.optional("index")?.integer(),
        selected: try values.optional("selected").map { ControllerID(try id($0)) })
    case "splitCollapsed":
      return .splitCollapsed(try controller("_0"), try values.required("_1").bool())
    case "splitDisplayModeChanged":
      return .splitDisplayModeChanged(
        try controller("_0"), try values.required("_1").raw(SplitDisplayMode.self))
    default: throw field.error("unknown hierarchy change '\(name)'")
    }
  }

  func transition(_ field: JSONField) throws -> TransitionPhase {
    let (name, values) = try field.enumCase()
    switch name {
    case "began":
      let info = try values.required("_0").object()
      return .began(
        TransitionInfo(
          kind: try info.required("kind").raw(TransitionKind.self),
          container: try info.optional("container").map { ControllerID(try id($0)) },
          from: try info.optional("from").map { ControllerID(try id($0)) },
          to: try info.optional("to").map { ControllerID(try id($0)) },
          animated: try info.required("animated").bool(),
          interactive: try info.required("interactive").bool(),
          duration: try info.required("duration").number(),
          sizeChange: try info.optional("sizeChange").map { field in
            let change = try field.object()
            return SizeChange(
              oldSize: try size(change.required("oldSize")),
              newSize: try size(change.required("newSize")),
              oldTraits: try traits(change.required("oldTraits")),
              newTraits: try traits(change.required("newTraits")))
          }))
    case "paused": return .paused(percent: try values.required("percent").number())
    case "interactionChanged":
      return .interactionChanged(isCancelled: try values.required("isCancelled").bool())
    case "ended": return .ended(cancelled: try values.required("cancelled").bool())
    default: throw field.error("unknown transition phase '\(name)'")
    }
  }

  func operation(_ field: JSONField) throws -> OperationPhase {
    let (name, values) = try field.enumCase()
    switch name {
    case "queued": return .queued(position: try values.required("position").integer())
    case "started": return .started
    case "completed":
      return .completed(
        cancelled: try values.required("cancelled").bool(),
        removed: try ids(values.required("removed")).map(ControllerID.init))
    case "failed": return .failed(try error(values.required("_0")))
    default: throw field.error("unknown operation phase '\(name)'")
    }
  }

  func error(_ field: JSONField) throws -> CurtainError {
    let object = try field.object()
    let code = try object.required("code")
    guard let errorCode = ErrorCode(rawValue: try code.string()) else {
      throw code.error("unknown error code")
    }
    return CurtainError(
      errorCode, try object.required("message").string(),
      details: try object.optional("details").map { field in
        let details = try field.object()
        return try details.dictionary.keys.reduce(into: [:]) { result, key in
          result[key] = try details.required(key).string()
        }
      })
  }

  func windowChange(_ field: JSONField) throws -> WindowChange {
    let (name, values) = try field.enumCase()
    switch name {
    case "created": return .created(try size(values.required("_0")))
    case "visibilityChanged": return .visibilityChanged(try values.required("_0").bool())
    case "resized": return .resized(try size(values.required("_0")))
    case "closed": return .closed
    case "tapped": return .tapped(try tap(values.required("_0")))
    default: throw field.error("unknown window change '\(name)'")
    }
  }

  func tap(_ field: JSONField) throws -> TapHit {
    let object = try field.object()
    let (name, values) = try object.required("effect").enumCase()
    let effect: TapHit.Effect
    switch name {
    case "none": effect = .none
    case "passthrough":
      effect = .passthrough(presented: ControllerID(try id(values.required("presented"))))
    case "dismissed": effect = .dismissed(ControllerID(try id(values.required("_0"))))
    case "refused": effect = .refused(ControllerID(try id(values.required("_0"))))
    default: throw field.error("unknown tap effect '\(name)'")
    }
    return TapHit(
      point: try point(object.required("point")), view: ViewID(try id(object.required("view"))),
      role: try object.required("role").raw(ViewRole.self),
      controller: try object.optional("controller").map { ControllerID(try id($0)) },
      effect: effect)
  }

  func presentationPhase(_ field: JSONField) throws -> PresentationPhase {
    let (name, values) = try field.enumCase()
    switch name {
    case "presentationTransitionWillBegin": return .presentationTransitionWillBegin
    case "presentationTransitionDidEnd":
      return .presentationTransitionDidEnd(completed: try values.required("completed").bool())
    case "dismissalTransitionWillBegin": return .dismissalTransitionWillBegin
    case "dismissalTransitionDidEnd":
      return .dismissalTransitionDidEnd(completed: try values.required("completed").bool())
    case "adapted": return .adapted(to: try values.required("to").raw(ModalPresentationStyle.self))
    case "popoverPlaced": return .popoverPlaced(try placement(values.required("_0")))
    case "shouldDismiss": return .shouldDismiss
    case "willDismiss": return .willDismiss
    case "didDismiss": return .didDismiss
    case "didAttemptToDismiss": return .didAttemptToDismiss
    default: throw field.error("unknown presentation phase '\(name)'")
    }
  }

  func sizeTransition(_ field: JSONField) throws -> SizeTransitionCallback {
    let (name, values) = try field.enumCase()
    switch name {
    case "willTransitionToTraits": return .willTransitionToTraits(try traits(values.required("_0")))
    case "viewWillTransition": return .viewWillTransition(to: try size(values.required("to")))
    case "traitCollectionDidChange":
      return .traitCollectionDidChange(previous: try traits(values.required("previous")))
    default: throw field.error("unknown size transition callback '\(name)'")
    }
  }

  func segue(_ field: JSONField) throws -> SegueCallback {
    let (name, values) = try field.enumCase()
    switch name {
    case "shouldPerform":
      return .shouldPerform(
        identifier: try values.required("identifier").string(),
        answer: try values.required("answer").bool())
    case "prepare":
      return .prepare(
        identifier: try values.optional("identifier")?.string(),
        destination: ControllerID(try id(values.required("destination"))))
    case "canPerformUnwind":
      return .canPerformUnwind(
        action: try values.required("action").string(),
        source: ControllerID(try id(values.required("source"))),
        answer: try values.required("answer").bool())
    case "unwindAction":
      return .unwindAction(
        action: try values.required("action").string(),
        source: ControllerID(try id(values.required("source"))))
    default: throw field.error("unknown segue callback '\(name)'")
    }
  }

  func delegate(_ field: JSONField) throws -> DelegateEvent {
    let (name, values) = try field.enumCase()
    let call: UInt64 = try values.required("call").integer()
    let method = try values.required("_1").raw(DelegateMethod.self)
    let payload = try values.required("_2")
    switch name {
    case "called":
      let arguments = try payload.object()
      return .called(
        call: call, method,
        DelegateArguments(
          operation: try arguments.optional("operation")?.string(),
          from: try arguments.optional("from").map { ControllerID(try id($0)) },
          to: try arguments.optional("to").map { ControllerID(try id($0)) },
          identifier: try arguments.optional("identifier")?.string(),
          interactive: try arguments.required("interactive").bool(),
          style: try arguments.optional("style")?.raw(ModalPresentationStyle.self),
          traits: try arguments.optional("traits").map(traits),
          size: try arguments.optional("size").map(size)))
    case "answered": return .answered(call: call, method, try answer(payload))
    case "fallback":
      let (reason, details) = try payload.enumCase()
      let why: DelegateFallbackReason
      switch reason {
      case "timeout": why = .timeout
      case "disconnected": why = .disconnected
      case "malformed": why = .malformed(try details.required("_0").string())
      case "cleared": why = .cleared
      case "restarted": why = .restarted
      default: throw payload.error("unknown fallback reason '\(reason)'")
      }
      return .fallback(call: call, method, why)
    default: throw field.error("unknown delegate event '\(name)'")
    }
  }

  func answer(_ field: JSONField) throws -> DelegateAnswer {
    let (name, values) = try field.enumCase()
    switch name {
    case "useDefault": return .useDefault
    case "animator": return .animator(try animator(values.required("_0")))
    case "bool": return .bool(try values.required("_0").bool())
    case "style": return .style(try values.required("_0").raw(ModalPresentationStyle.self))
    case "remoteAnimator":
      return .remoteAnimator(duration: try values.required("duration").number())
    case "interactive": return .interactive
    case "presentation": return .presentation(try customPresentation(values.required("_0")))
    case "frame": return .frame(try rect(values.required("_0")))
    case "controller": return .controller(ControllerID(try id(values.required("_0"))))
    default: throw field.error("unknown delegate answer '\(name)'")
    }
  }

  // MARK: Small values

  /// An id: `{"rawValue": 3}`.
  func id(_ field: JSONField) throws -> UInt64 {
    try field.object().required("rawValue").integer()
  }

  func ids(_ field: JSONField) throws -> [UInt64] {
    try field.array().map(id)
  }

  func point(_ field: JSONField) throws -> Point {
    let object = try field.object()
    return Point(x: try object.required("x").number(), y: try object.required("y").number())
  }

  func size(_ field: JSONField) throws -> Size {
    let object = try field.object()
    return Size(
      width: try object.required("width").number(), height: try object.required("height").number())
  }

  func rect(_ field: JSONField) throws -> Rect {
    let object = try field.object()
    return Rect(
      origin: try point(object.required("origin")), size: try size(object.required("size")))
  }

  func insets(_ field: JSONField) throws -> EdgeInsets {
    let object = try field.object()
    return EdgeInsets(
      top: try object.required("top").number(), left: try object.required("left").number(),
      bottom: try object.required("bottom").number(), right: try object.required("right").number())
  }

  func transform(_ field: JSONField) throws -> CurtainCore.AffineTransform {
    let object = try field.object()
    return CurtainCore.AffineTransform(
      a: try object.required("a").number(), b: try object.required("b").number(),
      c: try object.required("c").number(), d: try object.required("d").number(),
      tx: try object.required("tx").number(), ty: try object.required("ty").number())
  }
}
