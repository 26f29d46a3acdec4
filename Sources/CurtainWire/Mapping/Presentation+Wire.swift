// Modal presentation on the wire: styles, present options, the tree's
// presentation info and presentation events.

public import CurtainCore

extension ModalPresentationStyle {
  /// The core style of a wire style.
  public init(_ wire: Curtain_V1_ModalPresentationStyle) throws {
    switch wire {
    case .automatic: self = .automatic
    case .fullScreen: self = .fullScreen
    case .pageSheet: self = .pageSheet
    case .formSheet: self = .formSheet
    case .currentContext: self = .currentContext
    case .custom: self = .custom
    case .overFullScreen: self = .overFullScreen
    case .overCurrentContext: self = .overCurrentContext
    case .popover: self = .popover
    case .none: self = .none
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown modal presentation style \(value)")
    }
  }

  /// The wire form.
  public var wire: Curtain_V1_ModalPresentationStyle {
    switch self {
    case .automatic: return .automatic
    case .fullScreen: return .fullScreen
    case .pageSheet: return .pageSheet
    case .formSheet: return .formSheet
    case .currentContext: return .currentContext
    case .custom: return .custom
    case .overFullScreen: return .overFullScreen
    case .overCurrentContext: return .overCurrentContext
    case .popover: return .popover
    case .none: return .none
    }
  }
}

extension ModalTransitionStyle {
  /// The core style of a wire transition style.
  public init(_ wire: Curtain_V1_ModalTransitionStyle) throws {
    switch wire {
    case .coverVertical: self = .coverVertical
    case .flipHorizontal: self = .flipHorizontal
    case .crossDissolve: self = .crossDissolve
    case .partialCurl: self = .partialCurl
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown modal transition style \(value)")
    }
  }

  /// The wire form.
  public var wire: Curtain_V1_ModalTransitionStyle {
    switch self {
    case .coverVertical: return .coverVertical
    case .flipHorizontal: return .flipHorizontal
    case .crossDissolve: return .crossDissolve
    case .partialCurl: return .partialCurl
    }
  }
}

extension PresentOptions {
  /// The options of a Present request.
  public init(_ wire: Curtain_V1_Present) throws {
    self.init(
      style: wire.hasStyle ? try ModalPresentationStyle(wire.style) : nil,
      transitionStyle: wire.hasTransitionStyle
        ? try ModalTransitionStyle(wire.transitionStyle) : nil,
      preferredContentSize: wire.hasPreferredContentSize
        ? Size(wire.preferredContentSize) : nil,
      popover: wire.hasPopover ? try PopoverSource(wire.popover) : nil,
      custom: wire.hasCustom ? CustomPresentation(wire.custom) : nil)
  }
}

extension CustomPresentation {
  /// The core form of a wire custom presentation.
  public init(_ wire: Curtain_V1_CustomPresentation) {
    self.init(
      frame: wire.hasFrame ? Rect(wire.frame) : nil,
      dimmingAlpha: wire.hasDimmingAlpha ? wire.dimmingAlpha : nil,
      removesPresenterView: wire.removesPresenterView)
  }
}

extension Curtain_V1_CustomPresentation {
  /// The wire form of a custom presentation's description.
  public init(_ custom: CustomPresentation) {
    self.init()
    if let frame = custom.frame { self.frame = Curtain_V1_Rect(frame) }
    if let alpha = custom.dimmingAlpha { dimmingAlpha = alpha }
    removesPresenterView = custom.removesPresenterView
  }
}

extension PopoverSource {
  /// The core form of a wire popover source.
  public init(_ wire: Curtain_V1_PopoverSource) throws {
    self.init(
      view: wire.hasSourceViewID ? ViewID(wire.sourceViewID) : nil,
      rect: wire.hasSourceRect ? Rect(wire.sourceRect) : nil,
      barItem: wire.hasSourceBarItem ? try BarItem(wire.sourceBarItem) : nil,
      permittedArrowDirections: wire.hasPermittedArrowDirections
        ? PopoverArrowDirections(rawValue: wire.permittedArrowDirections) : .any,
      passthroughViews: wire.passthroughViewIds.map(ViewID.init))
  }
}

extension BarItem {
  /// The core form of a wire bar item.
  public init(_ wire: Curtain_V1_BarItem) throws {
    switch wire.item {
    case .navigation(.left): self = .navigationLeft
    case .navigation(.right): self = .navigationRight
    case .tabIndex(let index): self = .tab(Int(index))
    case .navigation, nil:
      throw CurtainError(
        .invalidArgument, "A bar item is the navigation bar's left or right item, or a tab index")
    }
  }
}

extension Curtain_V1_BarItem {
  /// The wire form of a bar item.
  public init(_ item: BarItem) {
    self.init()
    switch item {
    case .navigationLeft: navigation = .left
    case .navigationRight: navigation = .right
    case .tab(let index): tabIndex = UInt32(clamping: index)
    }
  }
}

extension Curtain_V1_PresentationInfo {
  /// The wire form of how a controller is presented.
  public init(_ node: PresentationNode) {
    self.init()
    presentingID = node.presenting.rawValue
    requestedStyle = node.requestedStyle.wire
    style = node.style.wire
    card = node.isCard
    transitionStyle = node.transitionStyle.wire
    if let frame = node.frame { self.frame = Curtain_V1_Rect(frame) }
    sourceViewID = node.sourceView?.rawValue ?? 0
    if let sourceRect = node.sourceRect { self.sourceRect = Curtain_V1_Rect(sourceRect) }
    permittedArrowDirections = node.permittedArrowDirections?.rawValue ?? 0
    if let item = node.sourceBarItem { sourceBarItem = Curtain_V1_BarItem(item) }
    passthroughViewIds = node.passthroughViews.map(\.rawValue)
    if let placement = node.popoverPlacement {
      popoverPlacement = Curtain_V1_PopoverPlacement(placement)
    }
    if let custom = node.custom { self.custom = Curtain_V1_CustomPresentation(custom) }
  }
}

extension Curtain_V1_PopoverPlacement {
  /// The wire form of a popover's placement.
  public init(_ placement: PopoverPlacement) {
    self.init()
    frame = Curtain_V1_Rect(placement.frame)
    contentFrame = Curtain_V1_Rect(placement.contentFrame)
    arrowDirection = placement.arrowDirection?.option.rawValue ?? 0
    arrowOffset = placement.arrowOffset
  }
}

extension Curtain_V1_PresentationEvent {
  /// The wire form of a presentation controller's call.
  init(presented: ControllerID, presenting: ControllerID, phase: PresentationPhase) {
    self.init()
    presentedID = presented.rawValue
    presentingID = presenting.rawValue
    switch phase {
    case .presentationTransitionWillBegin:
      self.phase = .presentationWillBegin
    case .presentationTransitionDidEnd(let completed):
      self.phase = .presentationDidEnd
      self.completed = completed
    case .dismissalTransitionWillBegin:
      self.phase = .dismissalWillBegin
    case .dismissalTransitionDidEnd(let completed):
      self.phase = .dismissalDidEnd
      self.completed = completed
    case .adapted(let style):
      self.phase = .adapted
      self.style = style.wire
    case .popoverPlaced(let placement):
      self.phase = .popoverPlaced
      popoverPlacement = Curtain_V1_PopoverPlacement(placement)
    case .shouldDismiss: self.phase = .shouldDismiss
    case .willDismiss: self.phase = .willDismiss
    case .didDismiss: self.phase = .didDismiss
    case .didAttemptToDismiss: self.phase = .didAttemptToDismiss
    }
  }
}
