// A window's tree as JSON (`tree --json`): controllers with their
// containers' state and presentations, and the view tree, which also has a
// human form of its own (`tree --views`).

import CurtainCore
public import CurtainWire

extension OutputFormat {
  /// Keys: `window` (as `json(_: WindowInfo)`), `root` (the controller tree:
  /// `controller`, `kind`, `identifier`, `title`, `appearance`, `view`,
  /// `frame`, `view_in_window`, `selected_index`, `split`, `page`,
  /// `collection` (`item_count`, `layout` as `json(_: CollectionLayout)`,
  /// `layout_to_layout`, `item_views`), `children`; `null` without
  /// a root; `presentation` — `presenting`, `requested_style`, `style`,
  /// `card`, `transition_style`, `frame`, `source_view`, `source_rect`,
  /// `permitted_arrow_directions`, `popover` (the placement while a popover,
  /// else `null`), `custom` (a custom presentation's description:
  /// `frame` or `null`, `dimming_alpha` or `null`, `removes_presenter_view`;
  /// else `null`) — or `null`, and `presented`, the node of
  /// the controller it presents or `null`), `views` (when requested: `view`, `role`, `controller`,
  /// `frame`, `alpha`, `hidden`, `subviews`), `description`.
  public static func json(_ tree: Curtain_V1_Tree) -> JSONValue {
    .object([
      ("window", json(tree.window)),
      ("root", tree.hasRoot ? json(tree.root) : .null),
      ("views", tree.hasView ? json(tree.view) : .null),
      ("description", .string(tree.description_p)),
    ])
  }

  /// A view tree, one view per line, indented like the controller tree:
  /// `v5 controllerRoot c3 (0, 0, 390, 844) α=1`, with ` hidden` when hidden.
  public static func human(_ view: Curtain_V1_ViewNode) -> String {
    viewLines(view, depth: 0).joined(separator: "\n")
  }

  private static func viewLines(_ view: Curtain_V1_ViewNode, depth: Int) -> [String] {
    var line = String(repeating: "   | ", count: depth) + "v\(view.id)"
    if !view.role.isEmpty { line += " \(view.role)" }
    if view.controllerID != 0 { line += " c\(view.controllerID)" }
    line += " \(rectText(view.state.frame)) α=\(decimal(view.state.alpha))"
    if view.state.hasTransform, !isIdentity(view.state.transform) {
      line +=
        " T=(\(transformNumbers(view.state.transform).map { decimal($0) }.joined(separator: ", ")))"
    }
    if view.hidden { line += " hidden" }
    return [line] + view.subviews.flatMap { viewLines($0, depth: depth + 1) }
  }

  private static func json(_ node: Curtain_V1_ControllerNode) -> JSONValue {
    .object([
      ("controller", .unsigned(node.id)),
      ("kind", .string(node.kind.name)),
      ("identifier", .optionalString(node.identifier)),
      ("title", .optionalString(node.title)),
      ("appearance", .string(node.appearance.name)),
      ("view", .id(node.viewID)),
      ("frame", node.hasFrame ? numbers(rectNumbers(node.frame)) : .null),
      ("view_in_window", .bool(node.viewInWindow)),
      ("selected_index", node.kind == .tabBar ? .integer(Int64(node.selectedIndex)) : .null),
      ("split", node.kind == .split ? json(node.split) : .null),
      ("page", node.kind == .page ? json(node.page) : .null),
      ("collection", node.kind == .collection ? json(node.collection) : .null),
      ("children", .array(node.children.map(json))),
      ("presentation", node.hasPresentation ? json(node.presentation) : .null),
      ("presented", node.hasPresented ? json(node.presented) : .null),
    ])
  }

  private static func json(_ presentation: Curtain_V1_PresentationInfo) -> JSONValue {
    let popover = presentation.sourceViewID != 0
    return .object([
      ("presenting", .unsigned(presentation.presentingID)),
      ("requested_style", .string(presentation.requestedStyle.name)),
      ("style", .string(presentation.style.name)),
      ("card", .bool(presentation.card)),
      ("transition_style", .string(presentation.transitionStyle.name)),
      ("frame", presentation.hasFrame ? numbers(rectNumbers(presentation.frame)) : .null),
      ("source_view", .id(presentation.sourceViewID)),
      ("source_rect", popover ? numbers(rectNumbers(presentation.sourceRect)) : .null),
      (
        "permitted_arrow_directions",
        popover ? .array(arrowNames(presentation.permittedArrowDirections)) : .null
      ),
      (
        "popover",
        presentation.hasPopoverPlacement ? json(presentation.popoverPlacement) : .null
      ),
      ("custom", presentation.hasCustom ? json(presentation.custom) : .null),
    ])
  }

  private static func json(_ custom: Curtain_V1_CustomPresentation) -> JSONValue {
    .object([
      ("frame", custom.hasFrame ? numbers(rectNumbers(custom.frame)) : .null),
      ("dimming_alpha", custom.hasDimmingAlpha ? .number(custom.dimmingAlpha) : .null),
      ("removes_presenter_view", .bool(custom.removesPresenterView)),
    ])
  }

  /// Keys: `frame`, `content_frame` ([x, y, w, h]), `arrow` (`up`, `down`,
  /// `left`, `right`, or `null` without an arrow), `arrow_offset`.
  public static func json(_ placement: Curtain_V1_PopoverPlacement) -> JSONValue {
    let arrow = arrowNames(placement.arrowDirection).first ?? .null
    return .object([
      ("frame", numbers(rectNumbers(placement.frame))),
      ("content_frame", numbers(rectNumbers(placement.contentFrame))),
      ("arrow", arrow),
      ("arrow_offset", .number(placement.arrowOffset)),
    ])
  }

  private static func json(_ split: Curtain_V1_SplitInfo) -> JSONValue {
    .object([
      ("collapsed", .bool(split.collapsed)),
      ("preferred_display_mode", .string(split.preferredDisplayMode.name)),
      ("display_mode", .string(split.displayMode.name)),
      ("primary_column_width", .number(split.primaryColumnWidth)),
    ])
  }

  private static func json(_ page: Curtain_V1_PageInfo) -> JSONValue {
    .object([
      ("transition_style", .string(page.transitionStyle.name)),
      ("orientation", .string(page.orientation.name)),
      ("spine_location", .string(page.spineLocation.name)),
      ("double_sided", .bool(page.doubleSided)),
      ("data_source", .array(page.dataSourceIds.map { .unsigned($0) })),
    ])
  }

  private static func json(_ collection: Curtain_V1_CollectionInfo) -> JSONValue {
    .object([
      ("item_count", .unsigned(UInt64(collection.itemCount))),
      ("layout", json(collection.layout)),
      ("layout_to_layout", .bool(collection.layoutToLayout)),
      ("item_views", .array(collection.itemViewIds.map { .unsigned($0) })),
    ])
  }

  /// Keys: `frames` (the item frames, [x, y, w, h] each, or `null` for a
  /// flow layout) and `flow` (`item_size` [w, h], `interitem_spacing`,
  /// `line_spacing`, `section_inset` [top, left, bottom, right]; `null` for
  /// a frames layout).
  public static func json(_ layout: Curtain_V1_CollectionLayout) -> JSONValue {
    var frames = JSONValue.null
    var flow = JSONValue.null
    switch layout.kind {
    case .frames(let given): frames = .array(given.frames.map { numbers(rectNumbers($0)) })
    case .flow(let given):
      let inset = given.sectionInset
      flow = .object([
        ("item_size", numbers([given.itemSize.width, given.itemSize.height])),
        ("interitem_spacing", given.hasInteritemSpacing ? .number(given.interitemSpacing) : .null),
        ("line_spacing", given.hasLineSpacing ? .number(given.lineSpacing) : .null),
        ("section_inset", numbers([inset.top, inset.left, inset.bottom, inset.right])),
      ])
    case nil: break
    }
    return .object([("frames", frames), ("flow", flow)])
  }

  private static func json(_ view: Curtain_V1_ViewNode) -> JSONValue {
    .object([
      ("view", .unsigned(view.id)),
      ("role", .optionalString(view.role)),
      ("controller", .id(view.controllerID)),
      ("frame", numbers(rectNumbers(view.state.frame))),
      ("alpha", .number(view.state.alpha)),
      ("hidden", .bool(view.hidden)),
      ("subviews", .array(view.subviews.map(json))),
    ])
  }

  /// The names of arrow-direction bits, in the order up, down, left, right
  /// (CurtainCore's `PopoverArrowDirection`).
  public static func arrowNames(_ bits: UInt32) -> [JSONValue] {
    PopoverArrowDirection.allCases.compactMap { direction in
      bits & direction.option.rawValue != 0 ? .string(direction.rawValue) : nil
    }
  }
}
