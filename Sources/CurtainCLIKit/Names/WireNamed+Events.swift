// The names of what the daemon reports: event categories, the callbacks,
// changes and phases of each kind of event, and error codes. Categories and
// error codes take their names from CurtainCore's enums.

import CurtainCore
public import CurtainWire

extension Curtain_V1_EventCategory: WireNamed {
  /// `lifecycle`, `hierarchy`, `transition`, `presentation`, `window`,
  /// `operation`: the names of CurtainCore's `EventCategory`.
  public static let nameTable = NameTable<Self>(
    EventCategory.allCases.map { ($0.wire, $0.rawValue) },
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "category")
}

extension Curtain_V1_LifecycleEvent.Callback: WireNamed {
  /// The UIKit method names (`viewWillAppear`).
  public static let nameTable = NameTable<Self>(
    [
      (.viewDidLoad, "viewDidLoad"),
      (.viewWillAppear, "viewWillAppear"),
      (.viewDidAppear, "viewDidAppear"),
      (.viewWillDisappear, "viewWillDisappear"),
      (.viewDidDisappear, "viewDidDisappear"),
      (.willMoveToParent, "willMoveToParent"),
      (.didMoveToParent, "didMoveToParent"),
      (.navigationWillShow, "navigationWillShow"),
      (.navigationDidShow, "navigationDidShow"),
      (.tabBarDidSelect, "tabBarDidSelect"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "callback")
}

extension Curtain_V1_SizeTransitionEvent.Callback: WireNamed {
  /// The UIKit method names (`viewWillTransitionToSize`).
  public static let nameTable = NameTable<Self>(
    [
      (.willTransitionToTraits, "willTransitionToTraits"),
      (.viewWillTransitionToSize, "viewWillTransitionToSize"),
      (.traitCollectionDidChange, "traitCollectionDidChange"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "callback")
}

extension Curtain_V1_SegueEvent.Callback: WireNamed {
  /// `shouldPerformSegue`, `prepareForSegue`, `canPerformUnwindSegueAction`,
  /// `unwindAction`.
  public static let nameTable = NameTable<Self>(
    [
      (.shouldPerform, "shouldPerformSegue"),
      (.prepare, "prepareForSegue"),
      (.canPerformUnwind, "canPerformUnwindSegueAction"),
      (.unwindAction, "unwindAction"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "segueCallback")
}

extension Curtain_V1_HierarchyEvent.Change: WireNamed {
  /// `root`, `childAdded`, … `displayMode`.
  public static let nameTable = NameTable<Self>(
    [
      (.root, "root"),
      (.childAdded, "childAdded"),
      (.childRemoved, "childRemoved"),
      (.viewControllers, "viewControllers"),
      (.selection, "selection"),
      (.splitCollapsed, "splitCollapsed"),
      (.splitExpanded, "splitExpanded"),
      (.displayMode, "displayMode"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "change")
}

extension Curtain_V1_WindowEvent.Change: WireNamed {
  /// `created`, `visibility`, `resized`, `closed`, `tapped`.
  public static let nameTable = NameTable<Self>(
    [
      (.created, "created"), (.visibility, "visibility"), (.resized, "resized"),
      (.closed, "closed"), (.tapped, "tapped"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "change")
}

extension Curtain_V1_LeaseEvent.Change: WireNamed {
  /// `acquired`, `renewed`, `released`, `expired`, `lost`.
  public static let nameTable = NameTable<Self>(
    [
      (.acquired, "acquired"), (.renewed, "renewed"), (.released, "released"),
      (.expired, "expired"), (.lost, "lost"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "change")
}

extension Curtain_V1_TransitionEvent.Phase: WireNamed {
  /// `began`, `paused`, `interactionChanged`, `ended`.
  public static let nameTable = NameTable<Self>(
    [
      (.began, "began"), (.paused, "paused"), (.interactionChanged, "interactionChanged"),
      (.ended, "ended"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "phase")
}

extension Curtain_V1_PresentationEvent.Phase: WireNamed {
  /// The presentation controller's method of each phase
  /// (`presentationTransitionWillBegin`), the delegate's for a tap outside
  /// (`presentationControllerShouldDismiss`), `adapted` and `popoverPlaced`.
  public static let nameTable = NameTable<Self>(
    [
      (.presentationWillBegin, "presentationTransitionWillBegin"),
      (.presentationDidEnd, "presentationTransitionDidEnd"),
      (.dismissalWillBegin, "dismissalTransitionWillBegin"),
      (.dismissalDidEnd, "dismissalTransitionDidEnd"),
      (.adapted, "adapted"),
      (.popoverPlaced, "popoverPlaced"),
      (.shouldDismiss, "presentationControllerShouldDismiss"),
      (.willDismiss, "presentationControllerWillDismiss"),
      (.didDismiss, "presentationControllerDidDismiss"),
      (.didAttemptToDismiss, "presentationControllerDidAttemptToDismiss"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "phase")
}

extension Curtain_V1_OperationEvent.Phase: WireNamed {
  /// `queued`, `started`, `completed`, `failed`.
  public static let nameTable = NameTable<Self>(
    [(.queued, "queued"), (.started, "started"), (.completed, "completed"), (.failed, "failed")],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "phase")
}

extension WireErrorCode: WireNamed {
  /// The proto names without their prefix (`NOT_FOUND`): the names of
  /// CurtainCore's `ErrorCode`.
  public static let nameTable = NameTable<Self>(
    ErrorCode.allCases.map { ($0.wire, $0.rawValue) },
    printedOnly: [(.unspecified, "UNSPECIFIED")], unrecognized: "ERROR_")
}

extension Curtain_V1_DelegateEvent.Phase: WireNamed {
  /// `delegateCall`, `delegateAnswer`, `delegateFallback`, `delegateReplaced`.
  public static let nameTable = NameTable<Self>(
    [
      (.called, "delegateCall"),
      (.answered, "delegateAnswer"),
      (.fallback, "delegateFallback"),
      (.replaced, "delegateReplaced"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "delegatePhase")
}

extension Curtain_V1_DelegateMethod: WireNamed {
  /// The core's method names (`navigationAnimationController`, …).
  public static let nameTable = NameTable<Self>(
    [
      (.navigationAnimationController, "navigationAnimationController"),
      (.tabBarShouldSelect, "tabBarShouldSelect"),
      (.tabBarAnimationController, "tabBarAnimationController"),
      (.animationControllerForPresented, "animationControllerForPresented"),
      (.animationControllerForDismissed, "animationControllerForDismissed"),
      (.shouldPerformSegue, "shouldPerformSegue"),
      (.adaptivePresentationStyle, "adaptivePresentationStyle"),
      (.presentationControllerShouldDismiss, "presentationControllerShouldDismiss"),
      (.navigationInteractionController, "navigationInteractionController"),
      (.tabBarInteractionController, "tabBarInteractionController"),
      (.interactionControllerForPresentation, "interactionControllerForPresentation"),
      (.interactionControllerForDismissal, "interactionControllerForDismissal"),
      (.presentationController, "presentationController"),
      (.frameOfPresentedView, "frameOfPresentedView"),
      (.prepareForSegue, "prepareForSegue"),
      (.viewControllerForAdaptivePresentationStyle, "viewControllerForAdaptivePresentationStyle"),
      (.shouldRemovePresentersView, "shouldRemovePresentersView"),
      (.presentationTransitionWillBegin, "presentationTransitionWillBegin"),
      (.dismissalTransitionWillBegin, "dismissalTransitionWillBegin"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "delegateMethod")
}

extension Curtain_V1_DelegateRole: WireNamed {
  /// `transitioning`, `navigation`, `tabBar`, `adaptivePresentation`, `segue`.
  public static let nameTable = NameTable<Self>(
    [
      (.transitioning, "transitioning"),
      (.navigation, "navigation"),
      (.tabBar, "tabBar"),
      (.adaptivePresentation, "adaptivePresentation"),
      (.segue, "segue"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "delegateRole")
}
