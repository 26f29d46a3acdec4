// Conversions of collection view controller values: flow layouts (absent
// numbers take UIKit's defaults), layouts (frames or flow) and the options a
// collection view controller is created with.

public import CurtainCore

extension FlowLayout {
  /// The core form of a wire flow layout (checked).
  public init(_ wire: Curtain_V1_FlowLayout) throws {
    let defaults = FlowLayout()
    self.init(
      itemSize: wire.hasItemSize ? Size(wire.itemSize) : defaults.itemSize,
      interitemSpacing: wire.hasInteritemSpacing
        ? wire.interitemSpacing : defaults.interitemSpacing,
      lineSpacing: wire.hasLineSpacing ? wire.lineSpacing : defaults.lineSpacing,
      sectionInset: wire.hasSectionInset ? EdgeInsets(wire.sectionInset) : defaults.sectionInset)
    try validate()
  }
}

extension Curtain_V1_FlowLayout {
  /// The wire form of a flow layout, every field present.
  public init(_ flow: FlowLayout) {
    self.init()
    itemSize = Curtain_V1_Size(flow.itemSize)
    interitemSpacing = flow.interitemSpacing
    lineSpacing = flow.lineSpacing
    sectionInset = Curtain_V1_EdgeInsets(flow.sectionInset)
  }
}

extension CollectionLayout {
  /// The core form of a wire layout; one without frames or a flow layout
  /// is an error.
  public init(_ wire: Curtain_V1_CollectionLayout) throws {
    switch wire.kind {
    case .frames(let frames): self = .frames(frames.frames.map(Rect.init))
    case .flow(let flow): self = .flow(try FlowLayout(flow))
    case nil:
      throw CurtainError(
        .invalidArgument, "A collection layout needs item frames or a flow layout")
    }
  }
}

extension Curtain_V1_CollectionLayout {
  /// The wire form of a layout.
  public init(_ layout: CollectionLayout) {
    self.init()
    switch layout {
    case .frames(let frames):
      var wire = Curtain_V1_CollectionLayout.ItemFrames()
      wire.frames = frames.map(Curtain_V1_Rect.init)
      kind = .frames(wire)
    case .flow(let flow):
      kind = .flow(Curtain_V1_FlowLayout(flow))
    }
  }
}

extension CollectionOptions {
  /// The core form of wire options (checked): an absent layout is a flow
  /// layout with UIKit's defaults.
  public init(_ wire: Curtain_V1_CollectionOptions) throws {
    self.init(
      itemCount: wire.hasItemCount ? Int(wire.itemCount) : nil,
      layout: wire.hasLayout ? try CollectionLayout(wire.layout) : .flow(FlowLayout()),
      usesLayoutToLayoutNavigationTransitions: wire.layoutToLayout)
    try validate()
  }
}

extension Curtain_V1_CollectionOptions {
  /// The wire form of options (the item count resolved).
  public init(_ options: CollectionOptions) {
    self.init()
    itemCount = UInt32(clamping: options.resolvedItemCount)
    layout = Curtain_V1_CollectionLayout(options.layout)
    layoutToLayout = options.usesLayoutToLayoutNavigationTransitions
  }
}
