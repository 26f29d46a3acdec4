// Creating a spec's controllers on a daemon, bottom-up: each container's
// children are created (and filled) first, then the container is created and
// filled — a navigation controller with a non-animated SetStack, a tab bar
// controller with SetTabs, a custom container with one AddChild per child, a
// split view controller with SetSplitColumns, a page view controller with a
// non-animated SetPages giving its data source.
// The controllers are in no window yet, so these changes happen at once and
// no appearance callback runs until the caller makes the tree a window's root.

public import CurtainWire

extension RootSpec {
  /// Creates the spec's controllers through `perform`, which sends one
  /// request body (the caller adds session, trace id and wait policy) and
  /// returns the response, throwing on error responses. Returns a reference
  /// (by id) to the root controller.
  ///
  /// Stops at the first failure; controllers created before it remain.
  public func create(
    using perform: (WireRequest.OneOf_Body) throws -> WireResponse
  ) throws -> Curtain_V1_ControllerRef {
    let childRefs = try children.map { try $0.create(using: perform) }

    var create = Curtain_V1_CreateController()
    create.kind = kind.wire
    create.identifier = identifier ?? ""
    let response = try perform(.createController(create))
    guard case .controller(let info)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controller", got: response.resultName)
    }
    var ref = Curtain_V1_ControllerRef()
    ref.id = info.id

    switch kind {
    case .content:
      break
    case .navigation where !childRefs.isEmpty:
      var setStack = Curtain_V1_SetStack()
      setStack.navigation = ref
      setStack.controllers = childRefs
      setStack.notAnimated = true
      _ = try perform(.setStack(setStack))
    case .tabBar where !childRefs.isEmpty:
      var setTabs = Curtain_V1_SetTabs()
      setTabs.tabBar = ref
      setTabs.controllers = childRefs
      _ = try perform(.setTabs(setTabs))
    case .container:
      for child in childRefs {
        var addChild = Curtain_V1_AddChild()
        addChild.parent = ref
        addChild.child = child
        _ = try perform(.addChild(addChild))
      }
    case .split where !childRefs.isEmpty:
      var setColumns = Curtain_V1_SetSplitColumns()
      setColumns.split = ref
      setColumns.primary = childRefs[0]
      if childRefs.count > 1 { setColumns.secondary = childRefs[1] }
      _ = try perform(.setSplitColumns(setColumns))
    case .page where !childRefs.isEmpty:
      var setPages = Curtain_V1_SetPages()
      setPages.page = ref
      setPages.dataSource = childRefs
      setPages.notAnimated = true
      _ = try perform(.setPages(setPages))
    case .navigation, .tabBar, .split, .page:
      break
    }
    return ref
  }
}
