// A root spec as the protocol's controller tree (`CreateWindow.root`): the
// daemon creates the whole tree in the same request as the window.

public import CurtainWire

extension RootSpec {
  /// The spec as a wire controller tree.
  public var wire: Curtain_V1_ControllerSpec {
    var spec = Curtain_V1_ControllerSpec()
    spec.kind = kind.wire
    spec.identifier = identifier ?? ""
    spec.children = children.map(\.wire)
    if let collection { spec.collection = collection }
    return spec
  }
}
