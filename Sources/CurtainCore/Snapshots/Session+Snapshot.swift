// Taking a snapshot of a quiescent session (SessionSnapshot.swift): every
// object becomes a value, every reference an id.

extension Session {
  /// Whether the session can be snapshotted: no window runs a transition,
  /// has an operation waiting or an animation moving.
  public var isQuiescent: Bool { busyWindow == nil }

  /// The first window that keeps the session from being quiescent, with
  /// why.
  public var busyWindow: (id: WindowID, reason: String)? {
    for window in orderedWindows {
      if let transition = window.transitions.first {
        return (window.id, "runs transition \(transition.id)")
      }
      if !window.queue.isEmpty { return (window.id, "has operations waiting") }
      if let awaiting = window.awaitingDelegate {
        return (window.id, "waits for delegate call \(awaiting.call.id)")
      }
      if !window.timeline.isEmpty { return (window.id, "has animations running") }
    }
    return nil
  }

  /// The session as values. Throws `BUSY` unless it is quiescent.
  public func snapshot() throws -> SessionSnapshot {
    if let (window, reason) = busyWindow {
      throw CurtainError(
        .busy, "Session '\(name)' is not idle: window \(window) \(reason)")
    }
    var snapshot = SessionSnapshot(
      name: name, nextIDs: ids.counters,
      windows: orderedWindows.map(\.snapshot),
      controllers: controllers.values.sorted { $0.id < $1.id }.map(\.snapshot),
      views: views.values.sorted { $0.id < $1.id }.map(\.snapshot),
      storyboards: storyboards.values.sorted { $0.name < $1.name },
      detachedEvents: detachedLog.snapshot)
    snapshot.endings = endingOrder.compactMap { id in
      endings[id].map { RememberedEnding(transition: id, ending: $0) }
    }
    snapshot.departedNames = departedOrder.compactMap { id in
      departedNames[id].map { DepartedName(controller: id, name: $0) }
    }
    snapshot.delegates = delegateRegistrations
    snapshot.nextDelegateCall = delegates.nextCall
    return snapshot
  }
}

extension Window {
  var snapshot: WindowSnapshot {
    WindowSnapshot(
      id: id, view: view.id, metrics: metrics, clockMode: clockMode,
      root: rootViewController?.id, isVisible: isVisible, revision: revision, time: time,
      events: log.snapshot, nextAnimationID: timeline.nextID)
  }
}

extension View {
  var snapshot: ViewSnapshot {
    ViewSnapshot(
      id: id, role: role, controller: controllerID, state: state, isHidden: isHidden,
      backgroundColorName: backgroundColorName, subviews: subviews.map(\.id))
  }
}

extension ViewController {
  var snapshot: ControllerSnapshot {
    ControllerSnapshot(
      id: id, kind: kind, identifier: identifier, title: title, children: children.map(\.id),
      appearance: appearance, appearanceAnimated: appearanceAnimated, view: viewIfLoaded?.id,
      hostWindow: hostWindow?.id, modalPresentationStyle: modalPresentationStyle,
      modalTransitionStyle: modalTransitionStyle,
      definesPresentationContext: definesPresentationContext,
      providesPresentationContextTransitionStyle: providesPresentationContextTransitionStyle,
      preferredContentSize: preferredContentSize, isModalInPresentation: isModalInPresentation,
      edgesForExtendedLayout: edgesForExtendedLayout,
      shouldAutomaticallyForwardAppearanceMethods: shouldAutomaticallyForwardAppearanceMethods,
      presented: presentedViewController?.id,
      presentation: presentation?.snapshot, scene: scene, unwindActions: unwindActions.sorted(),
      shouldPerformAnswers: shouldPerformAnswers, container: containerSnapshot)
  }

  /// What this kind of container keeps besides its children.
  var containerSnapshot: ContainerSnapshot {
    switch self {
    case let nav as NavigationController:
      return .navigation(
        NavigationSnapshot(
          navigationBar: nav.navigationBar?.id,
          managingTabBarController: nav.managingTabBarController?.id,
          isBarTranslucent: nav.isBarTranslucent))
    case let tabs as TabBarController:
      return .tabBar(
        TabBarSnapshot(
          viewControllers: tabs.viewControllers.map(\.id), selectedIndex: tabs.selectedIndex,
          tabBar: tabs.tabBar?.id, moreNavigationController: tabs.moreNavigationController?.id,
          moreListController: tabs.moreListController?.id,
          shownController: tabs.shownController?.id, isBarTranslucent: tabs.isBarTranslucent))
    case let split as SplitViewController:
      return .split(
        SplitSnapshot(
          primary: split.primary?.id, secondary: split.secondary?.id,
          preferences: split.preferences, isCollapsed: split.isCollapsed))
    case let page as PageViewController:
      return .page(
        PageSnapshot(
          options: page.options, viewControllers: page.viewControllers.map(\.id),
          dataSource: page.dataSource.map(\.id)))
    case let collection as CollectionViewController:
      return .collection(
        CollectionSnapshot(options: collection.options, itemViews: collection.itemViews.map(\.id)))
    case let container as ContainerController:
      return .container(
        CustomContainerSnapshot(
          childFrames: container.childFrames,
          childrenAwaitingView: container.childrenAwaitingView))
    default:
      return .content
    }
  }
}

extension Presentation {
  var snapshot: PresentationSnapshot {
    PresentationSnapshot(
      presenting: presenting.id, requestedStyle: requestedStyle, adaptiveStyle: adaptiveStyle,
      style: style, isCard: isCard, transitionStyle: transitionStyle,
      contextContainer: contextContainer?.id, windowView: windowView.id,
      dimmingView: dimmingView?.id,
      popover: popover.map {
        PopoverAnchorSnapshot(
          view: $0.view.id, rect: $0.givenRect,
          barItem: $0.barItem.map {
            BarItemAnchorSnapshot(item: $0.item, container: $0.container.id)
          },
          permittedArrowDirections: $0.permittedArrowDirections)
      },
      passthroughViews: passthroughViews.map(\.id),
      removedPresenterSlot: removedPresenterSlot.map {
        PresenterSlot(superview: $0.superview.id, index: $0.index)
      },
      replacement: replacement?.id, original: original?.id,
      isEstablished: isEstablished, viewHiddenWithContext: viewHiddenWithContext,
      dimmingHiddenWithContext: dimmingHiddenWithContext, custom: custom,
      popoverPlacement: popoverPlacement)
  }
}
