// A session snapshot as a `curtain.v1.SessionImage` (session_image.proto):
// the Core's values, id for id and bit for bit, in the protocol's
// vocabulary. Reading an image back gives the same `SessionSnapshot`
// (SnapshotImageTests round-trips every variant of the invariant fuzz); a
// damaged image (an unknown enum value, a missing value the snapshot
// needs) throws `INVALID_ARGUMENT` saying what and where, and
// `Session.restore` checks how the values refer to each other.
//
// The image's own fields (format, clock, the daemon's window settings) are
// the daemon's (SessionImage.swift of CurtainDaemon); this file fills and
// reads the session's.

public import CurtainCore

extension Curtain_V1_SessionImage {
  /// The image of a snapshot; the format, clock and window settings are
  /// left for the daemon to fill.
  public init(_ snapshot: SessionSnapshot) {
    self.init()
    name = snapshot.name
    nextIds = Curtain_V1_IdentifierCounters(snapshot.nextIDs)
    windows = snapshot.windows.map(Window.init)
    controllers = snapshot.controllers.map(Controller.init)
    views = snapshot.views.map(View.init)
    storyboards = snapshot.storyboards.map(Curtain_V1_Storyboard.init)
    detachedEvents = EventRing(snapshot.detachedEvents)
    endings = snapshot.endings.map(Ending.init)
    departedNames = snapshot.departedNames.map {
      var departed = DepartedName()
      departed.controllerID = $0.controller.rawValue
      departed.name = $0.name
      return departed
    }
    delegates = snapshot.delegates.map(DelegateRegistration.init)
    nextDelegateCall = snapshot.nextDelegateCall
  }
}

extension SessionSnapshot {
  /// The snapshot an image holds.
  public init(image: Curtain_V1_SessionImage) throws {
    self.init(
      name: image.name, nextIDs: IdentifierCounters(image.nextIds),
      windows: try image.windows.enumerated().map { index, window in
        try ImageField.at("windows[\(index)]") { try WindowSnapshot(image: window) }
      },
      controllers: try image.controllers.enumerated().map { index, controller in
        try ImageField.at("controllers[\(index)]") { try ControllerSnapshot(image: controller) }
      },
      views: try image.views.enumerated().map { index, view in
        try ImageField.at("views[\(index)]") { try ViewSnapshot(image: view) }
      },
      storyboards: try image.storyboards.enumerated().map { index, storyboard in
        try ImageField.at("storyboards[\(index)]") { try Storyboard(image: storyboard) }
      },
      detachedEvents: try ImageField.at("detached_events") {
        try EventLogSnapshot(image: image.detachedEvents)
      })
    endings = try image.endings.enumerated().map { index, ending in
      try ImageField.at("endings[\(index)]") { try RememberedEnding(image: ending) }
    }
    departedNames = image.departedNames.map {
      DepartedName(controller: ControllerID($0.controllerID), name: $0.name)
    }
    delegates = try image.delegates.enumerated().map { index, registration in
      try ImageField.at("delegates[\(index)]") {
        DelegateRegistration(
          controller: ControllerID(registration.controllerID),
          role: try DelegateRole(registration.role), delegate: OwnerID(registration.clientID),
          timeout: registration.timeout, vendsInteraction: registration.vendsInteraction,
          vendsReplacement: registration.vendsReplacement)
      }
    }
    nextDelegateCall = image.nextDelegateCall
  }
}

/// Where in an image a value that does not read is, for error messages.
enum ImageField {
  /// Runs `read`, prefixing what it throws with `path`.
  static func at<T>(_ path: String, _ read: () throws -> T) throws -> T {
    do {
      return try read()
    } catch let error as CurtainError {
      throw CurtainError(error.code, "\(path): \(error.message)", details: error.details)
    }
  }

  /// The error of an enum value this version does not know.
  static func unknown(_ what: String, _ value: Int) -> CurtainError {
    CurtainError(.invalidArgument, "unknown \(what) \(value)")
  }
}

extension Curtain_V1_IdentifierCounters {
  /// The wire form of id counters.
  public init(_ counters: IdentifierCounters) {
    self.init()
    window = counters.window
    controller = counters.controller
    view = counters.view
    transition = counters.transition
    operation = counters.operation
  }
}

extension IdentifierCounters {
  /// The core form of wire id counters.
  public init(_ wire: Curtain_V1_IdentifierCounters) {
    self.init(
      window: wire.window, controller: wire.controller, view: wire.view,
      transition: wire.transition, operation: wire.operation)
  }
}

// MARK: Windows and views

extension Curtain_V1_SessionImage.Window {
  init(_ window: WindowSnapshot) {
    self.init()
    id = window.id.rawValue
    viewID = window.view.rawValue
    metrics = Curtain_V1_WindowMetrics(window.metrics)
    clock = window.clockMode.wire
    rootID = window.root?.rawValue ?? 0
    visible = window.isVisible
    revision = window.revision
    time = window.time
    events = Curtain_V1_SessionImage.EventRing(window.events)
    nextAnimationID = window.nextAnimationID
  }
}

extension WindowSnapshot {
  init(image window: Curtain_V1_SessionImage.Window) throws {
    let clockMode: ClockMode
    switch window.clock {
    case .realtime: clockMode = .realtime
    case .manual: clockMode = .manual
    case .UNRECOGNIZED(let value): throw ImageField.unknown("clock mode", value)
    }
    self.init(
      id: WindowID(window.id), view: ViewID(window.viewID),
      metrics: try WindowMetrics(image: window.metrics), clockMode: clockMode,
      root: ControllerID(image: window.rootID), isVisible: window.visible,
      revision: window.revision, time: window.time,
      events: try ImageField.at("events") { try EventLogSnapshot(image: window.events) },
      nextAnimationID: window.nextAnimationID)
  }
}

extension WindowMetrics {
  /// Metrics exactly as an image holds them (the protocol's defaults and
  /// derivations do not apply: every value is there).
  init(image metrics: Curtain_V1_WindowMetrics) throws {
    let idiom = try UserInterfaceIdiom(image: metrics.idiom)
    self.init(
      size: Size(metrics.size), safeAreaInsets: EdgeInsets(metrics.safeArea),
      scale: metrics.scale, idiom: idiom,
      traits: metrics.hasTraits ? try TraitCollection(image: metrics.traits) : nil)
  }
}

extension TraitCollection {
  /// Traits exactly as an image or an event holds them.
  init(image traits: Curtain_V1_Traits) throws {
    func sizeClass(_ wire: Curtain_V1_SizeClass) throws -> SizeClass {
      guard let sizeClass = SizeClass(wire) else {
        throw ImageField.unknown("size class", wire.rawValue)
      }
      return sizeClass
    }
    self.init(
      horizontalSizeClass: try sizeClass(traits.horizontal),
      verticalSizeClass: try sizeClass(traits.vertical), displayScale: traits.displayScale,
      userInterfaceIdiom: try UserInterfaceIdiom(image: traits.idiom))
  }
}

extension UserInterfaceIdiom {
  init(image idiom: Curtain_V1_Idiom) throws {
    switch idiom {
    case .phone: self = .phone
    case .pad: self = .pad
    case .UNRECOGNIZED(let value): throw ImageField.unknown("idiom", value)
    }
  }
}

/// An id of the Core made of its number.
protocol NumberedID {
  init(_ rawValue: UInt64)
}

extension NumberedID {
  /// The id of a wire number, `nil` for 0 (none).
  init?(image number: UInt64) {
    guard number != 0 else { return nil }
    self.init(number)
  }
}

extension ControllerID: NumberedID {}
extension ViewID: NumberedID {}
extension WindowID: NumberedID {}

extension Curtain_V1_SessionImage.View {
  init(_ view: ViewSnapshot) {
    self.init()
    id = view.id.rawValue
    role = view.role.rawValue
    controllerID = view.controller?.rawValue ?? 0
    center = Curtain_V1_Point(view.state.center)
    bounds = Curtain_V1_Rect(view.state.bounds)
    transform = Curtain_V1_Transform(view.state.transform)
    alpha = view.state.alpha
    cornerRadius = view.state.cornerRadius
    hidden = view.isHidden
    backgroundColor = view.backgroundColorName
    subviewIds = view.subviews.map(\.rawValue)
  }
}

extension ViewSnapshot {
  init(image view: Curtain_V1_SessionImage.View) throws {
    guard let role = ViewRole(rawValue: view.role) else {
      throw CurtainError(.invalidArgument, "unknown view role '\(view.role)'")
    }
    var state = ViewState(frame: .zero, alpha: view.alpha, cornerRadius: view.cornerRadius)
    state.center = Point(view.center)
    state.bounds = Rect(view.bounds)
    state.transform = view.hasTransform ? AffineTransform(view.transform) : .identity
    self.init(
      id: ViewID(view.id), role: role, controller: ControllerID(image: view.controllerID),
      state: state, isHidden: view.hidden, backgroundColorName: view.backgroundColor,
      subviews: view.subviewIds.map(ViewID.init))
  }
}

// MARK: Controllers

extension Curtain_V1_SessionImage.Controller {
  init(_ controller: ControllerSnapshot) {
    self.init()
    id = controller.id.rawValue
    kind = controller.kind.wire
    if let identifier = controller.identifier { self.identifier = identifier }
    if let title = controller.title { self.title = title }
    childIds = controller.children.map(\.rawValue)
    appearance = controller.appearance.wire
    appearanceAnimated = controller.appearanceAnimated
    viewID = controller.view?.rawValue ?? 0
    hostWindowID = controller.hostWindow?.rawValue ?? 0
    modalPresentationStyle = controller.modalPresentationStyle.wire
    modalTransitionStyle = controller.modalTransitionStyle.wire
    definesPresentationContext = controller.definesPresentationContext
    providesPresentationContextTransitionStyle =
      controller.providesPresentationContextTransitionStyle
    preferredContentSize = Curtain_V1_Size(controller.preferredContentSize)
    modalInPresentation = controller.isModalInPresentation
    edgesForExtendedLayout = controller.edgesForExtendedLayout.rawValue
    shouldAutomaticallyForwardAppearanceMethods =
      controller.shouldAutomaticallyForwardAppearanceMethods
    presentedID = controller.presented?.rawValue ?? 0
    if let presentation = controller.presentation {
      self.presentation = Curtain_V1_SessionImage.Presentation(presentation)
    }
    if let scene = controller.scene {
      self.scene.storyboard = scene.storyboard
      self.scene.scene = scene.scene
    }
    unwindActions = controller.unwindActions
    shouldPerformAnswers = controller.shouldPerformAnswers.sorted { $0.key < $1.key }.map {
      var answer = Curtain_V1_SessionImage.SegueAnswer()
      answer.identifier = $0.key
      answer.answer = $0.value
      return answer
    }
    switch controller.container {
    case .content:
      break
    case .navigation(let state):
      navigation.navigationBarID = state.navigationBar?.rawValue ?? 0
      navigation.managingTabBarControllerID = state.managingTabBarController?.rawValue ?? 0
      navigation.barTranslucent = state.isBarTranslucent
    case .tabBar(let state):
      tabBar.viewControllerIds = state.viewControllers.map(\.rawValue)
      if let index = state.selectedIndex { tabBar.selectedIndex = UInt64(index) }
      tabBar.tabBarID = state.tabBar?.rawValue ?? 0
      tabBar.moreNavigationControllerID = state.moreNavigationController?.rawValue ?? 0
      tabBar.moreListControllerID = state.moreListController?.rawValue ?? 0
      tabBar.shownControllerID = state.shownController?.rawValue ?? 0
      tabBar.barTranslucent = state.isBarTranslucent
    case .split(let state):
      split.primaryID = state.primary?.rawValue ?? 0
      split.secondaryID = state.secondary?.rawValue ?? 0
      split.preferences = Curtain_V1_SplitPreferences(state.preferences)
      split.collapsed = state.isCollapsed
    case .collection(let state):
      collection.options = Curtain_V1_CollectionOptions(state.options)
      collection.itemViewIds = state.itemViews.map(\.rawValue)
    case .page(let state):
      page.options = Curtain_V1_PageOptions(state.options)
      page.viewControllerIds = state.viewControllers.map(\.rawValue)
      page.dataSourceIds = state.dataSource.map(\.rawValue)
    case .container(let state):
      custom.childFrames = state.childFrames.sorted { $0.key < $1.key }.map {
        var child = Curtain_V1_SessionImage.ChildFrame()
        child.childID = $0.key.rawValue
        child.frame = Curtain_V1_Rect($0.value)
        return child
      }
      custom.childrenAwaitingViewIds = state.childrenAwaitingView.sorted().map(\.rawValue)
    }
  }
}

extension ControllerSnapshot {
  init(image controller: Curtain_V1_SessionImage.Controller) throws {
    let container: ContainerSnapshot
    switch controller.container {
    case nil:
      container = .content
    case .navigation(let state):
      container = .navigation(
        NavigationSnapshot(
          navigationBar: ViewID(image: state.navigationBarID),
          managingTabBarController: ControllerID(image: state.managingTabBarControllerID),
          isBarTranslucent: state.barTranslucent))
    case .tabBar(let state):
      container = .tabBar(
        TabBarSnapshot(
          viewControllers: state.viewControllerIds.map(ControllerID.init),
          selectedIndex: state.hasSelectedIndex ? Int(clamping: state.selectedIndex) : nil,
          tabBar: ViewID(image: state.tabBarID),
          moreNavigationController: ControllerID(image: state.moreNavigationControllerID),
          moreListController: ControllerID(image: state.moreListControllerID),
          shownController: ControllerID(image: state.shownControllerID),
          isBarTranslucent: state.barTranslucent))
    case .split(let state):
      container = .split(
        SplitSnapshot(
          primary: ControllerID(image: state.primaryID),
          secondary: ControllerID(image: state.secondaryID),
          preferences: try SplitPreferences(image: state.preferences),
          isCollapsed: state.collapsed))
    case .page(let state):
      container = .page(
        PageSnapshot(
          options: try PageOptions(state.options),
          viewControllers: state.viewControllerIds.map(ControllerID.init),
          dataSource: state.dataSourceIds.map(ControllerID.init)))
    case .collection(let state):
      container = .collection(
        CollectionSnapshot(
          options: try CollectionOptions(state.options),
          itemViews: state.itemViewIds.map(ViewID.init)))
    case .custom(let state):
      container = .container(
        CustomContainerSnapshot(
          childFrames: Dictionary(
            state.childFrames.map { (ControllerID($0.childID), Rect($0.frame)) },
            uniquingKeysWith: { _, last in last }),
          childrenAwaitingView: Set(state.childrenAwaitingViewIds.map(ControllerID.init))))
    }
    self.init(
      id: ControllerID(controller.id), kind: try ControllerKind(controller.kind),
      identifier: controller.hasIdentifier ? controller.identifier : nil,
      title: controller.hasTitle ? controller.title : nil,
      children: controller.childIds.map(ControllerID.init),
      appearance: try AppearanceState(image: controller.appearance),
      appearanceAnimated: controller.appearanceAnimated,
      view: ViewID(image: controller.viewID),
      hostWindow: WindowID(image: controller.hostWindowID),
      modalPresentationStyle: try ModalPresentationStyle(controller.modalPresentationStyle),
      modalTransitionStyle: try ModalTransitionStyle(controller.modalTransitionStyle),
      definesPresentationContext: controller.definesPresentationContext,
      providesPresentationContextTransitionStyle:
        controller.providesPresentationContextTransitionStyle,
      preferredContentSize: Size(controller.preferredContentSize),
      isModalInPresentation: controller.modalInPresentation,
      edgesForExtendedLayout: RectEdges(rawValue: controller.edgesForExtendedLayout),
      shouldAutomaticallyForwardAppearanceMethods:
        controller.shouldAutomaticallyForwardAppearanceMethods,
      presented: ControllerID(image: controller.presentedID),
      presentation: controller.hasPresentation
        ? try ImageField.at("presentation") {
          try PresentationSnapshot(image: controller.presentation)
        } : nil,
      scene: controller.hasScene
        ? SceneReference(storyboard: controller.scene.storyboard, scene: controller.scene.scene)
        : nil,
      unwindActions: controller.unwindActions,
      shouldPerformAnswers: Dictionary(
        controller.shouldPerformAnswers.map { ($0.identifier, $0.answer) },
        uniquingKeysWith: { _, last in last }),
      container: container)
  }
}

extension AppearanceState {
  init(image state: Curtain_V1_AppearanceState) throws {
    switch state {
    case .disappeared: self = .disappeared
    case .appearing: self = .appearing
    case .appeared: self = .appeared
    case .disappearing: self = .disappearing
    case .UNRECOGNIZED(let value): throw ImageField.unknown("appearance state", value)
    }
  }
}

extension Curtain_V1_SplitPreferences {
  /// Every preference, a negative width for automatic.
  init(_ preferences: SplitPreferences) {
    func number(_ dimension: SplitDimension) -> Double {
      if case .value(let value) = dimension { return value }
      return -1
    }
    self.init()
    displayMode = preferences.displayMode.wire
    primaryWidthFraction = number(preferences.primaryWidthFraction)
    primaryWidth = number(preferences.primaryWidth)
    minimumPrimaryWidth = number(preferences.minimumPrimaryWidth)
    maximumPrimaryWidth = number(preferences.maximumPrimaryWidth)
  }
}

extension SplitPreferences {
  /// Preferences as an image holds them: every field, a negative width for
  /// automatic.
  init(image wire: Curtain_V1_SplitPreferences) throws {
    let change = try SplitPreferenceChange(wire)
    self.init()
    displayMode = change.displayMode ?? .automatic
    primaryWidthFraction = change.primaryWidthFraction ?? .automatic
    primaryWidth = change.primaryWidth ?? .automatic
    minimumPrimaryWidth = change.minimumPrimaryWidth ?? .automatic
    maximumPrimaryWidth = change.maximumPrimaryWidth ?? .automatic
  }
}

extension Curtain_V1_PageOptions {
  /// The wire form of page options (an absent spine location is DEFAULT).
  public init(_ options: PageOptions) {
    self.init()
    transitionStyle = options.transitionStyle.wire
    orientation = options.orientation.wire
    spineLocation = options.spineLocation?.wire ?? .default
    if let doubleSided = options.isDoubleSided { self.doubleSided = doubleSided }
  }
}

// MARK: Presentations

extension Curtain_V1_SessionImage.Presentation {
  init(_ presentation: PresentationSnapshot) {
    self.init()
    presentingID = presentation.presenting.rawValue
    requestedStyle = presentation.requestedStyle.wire
    if let adaptive = presentation.adaptiveStyle { adaptiveStyle = adaptive.wire }
    style = presentation.style.wire
    card = presentation.isCard
    transitionStyle = presentation.transitionStyle.wire
    contextContainerID = presentation.contextContainer?.rawValue ?? 0
    windowViewID = presentation.windowView.rawValue
    dimmingViewID = presentation.dimmingView?.rawValue ?? 0
    if let anchor = presentation.popover {
      popover.viewID = anchor.view.rawValue
      if let rect = anchor.rect { popover.rect = Curtain_V1_Rect(rect) }
      if let item = anchor.barItem {
        popover.barItem = Curtain_V1_BarItem(item.item)
        popover.barItemContainerID = item.container.rawValue
      }
      popover.permittedArrowDirections = anchor.permittedArrowDirections.rawValue
    }
    passthroughViewIds = presentation.passthroughViews.map(\.rawValue)
    if let slot = presentation.removedPresenterSlot {
      removedPresenterSlot.superviewID = slot.superview.rawValue
      removedPresenterSlot.index = UInt64(slot.index)
    }
    replacementID = presentation.replacement?.rawValue ?? 0
    originalID = presentation.original?.rawValue ?? 0
    established = presentation.isEstablished
    viewHiddenWithContext = presentation.viewHiddenWithContext
    dimmingHiddenWithContext = presentation.dimmingHiddenWithContext
    if let custom = presentation.custom { self.custom = Curtain_V1_CustomPresentation(custom) }
    if let placement = presentation.popoverPlacement {
      popoverPlacement = Curtain_V1_PopoverPlacement(placement)
    }
  }
}

extension PresentationSnapshot {
  init(image presentation: Curtain_V1_SessionImage.Presentation) throws {
    var popover: PopoverAnchorSnapshot?
    if presentation.hasPopover {
      let anchor = presentation.popover
      popover = PopoverAnchorSnapshot(
        view: ViewID(anchor.viewID), rect: anchor.hasRect ? Rect(anchor.rect) : nil,
        barItem: anchor.hasBarItem
          ? BarItemAnchorSnapshot(
            item: try BarItem(anchor.barItem), container: ControllerID(anchor.barItemContainerID))
          : nil,
        permittedArrowDirections: PopoverArrowDirections(
          rawValue: anchor.permittedArrowDirections))
    }
    self.init(
      presenting: ControllerID(presentation.presentingID),
      requestedStyle: try ModalPresentationStyle(presentation.requestedStyle),
      adaptiveStyle: presentation.hasAdaptiveStyle
        ? try ModalPresentationStyle(presentation.adaptiveStyle) : nil,
      style: try ModalPresentationStyle(presentation.style), isCard: presentation.card,
      transitionStyle: try ModalTransitionStyle(presentation.transitionStyle),
      contextContainer: ViewID(image: presentation.contextContainerID),
      windowView: ViewID(presentation.windowViewID),
      dimmingView: ViewID(image: presentation.dimmingViewID), popover: popover,
      passthroughViews: presentation.passthroughViewIds.map(ViewID.init),
      removedPresenterSlot: presentation.hasRemovedPresenterSlot
        ? PresenterSlot(
          superview: ViewID(presentation.removedPresenterSlot.superviewID),
          index: Int(clamping: presentation.removedPresenterSlot.index)) : nil,
      replacement: ControllerID(image: presentation.replacementID),
      original: ControllerID(image: presentation.originalID),
      isEstablished: presentation.established,
      viewHiddenWithContext: presentation.viewHiddenWithContext,
      dimmingHiddenWithContext: presentation.dimmingHiddenWithContext,
      custom: presentation.hasCustom ? CustomPresentation(presentation.custom) : nil,
      popoverPlacement: presentation.hasPopoverPlacement
        ? try PopoverPlacement(image: presentation.popoverPlacement) : nil)
  }
}

extension PopoverPlacement {
  /// A placement exactly as an image or an event holds it.
  init(image placement: Curtain_V1_PopoverPlacement) throws {
    let direction: PopoverArrowDirection?
    switch placement.arrowDirection {
    case 0: direction = nil
    case 1: direction = .up
    case 2: direction = .down
    case 4: direction = .left
    case 8: direction = .right
    case let other: throw ImageField.unknown("popover arrow direction", Int(other))
    }
    self.init(
      frame: Rect(placement.frame), contentFrame: Rect(placement.contentFrame),
      arrowDirection: direction, arrowOffset: placement.arrowOffset)
  }
}

// MARK: Endings and delegates

extension Curtain_V1_SessionImage.Ending {
  init(_ remembered: RememberedEnding) {
    self.init()
    transitionID = remembered.transition.rawValue
    switch remembered.ending {
    case .completed: kind = .completed
    case .finished: kind = .finished
    case .cancelled: kind = .cancelled
    case .timedOut(let seconds):
      kind = .timedOut
      self.seconds = seconds
    case .ownerLeft: kind = .ownerLeft
    case .windowClosed: kind = .windowClosed
    case .animatorTimedOut(let seconds):
      kind = .animatorTimedOut
      self.seconds = seconds
    case .animatorLeft: kind = .animatorLeft
    }
  }
}

extension RememberedEnding {
  init(image ending: Curtain_V1_SessionImage.Ending) throws {
    let why: TransitionEnding
    switch ending.kind {
    case .completed: why = .completed
    case .finished: why = .finished
    case .cancelled: why = .cancelled
    case .timedOut: why = .timedOut(seconds: ending.seconds)
    case .ownerLeft: why = .ownerLeft
    case .windowClosed: why = .windowClosed
    case .animatorTimedOut: why = .animatorTimedOut(seconds: ending.seconds)
    case .animatorLeft: why = .animatorLeft
    case .unspecified, .UNRECOGNIZED: throw ImageField.unknown("ending", ending.kind.rawValue)
    }
    self.init(transition: TransitionID(ending.transitionID), ending: why)
  }
}

extension Curtain_V1_SessionImage.DelegateRegistration {
  init(_ registration: DelegateRegistration) {
    self.init()
    controllerID = registration.controller.rawValue
    role = registration.role.wire
    clientID = registration.delegate.rawValue
    timeout = registration.timeout
    vendsInteraction = registration.vendsInteraction
    vendsReplacement = registration.vendsReplacement
  }
}
