// `curtain snapshot --svg`: a window's view tree as an SVG picture, one
// point per SVG unit. Each view is a group placed by its centre, bounds and
// transform (exactly as Core Animation composes layers) with its opacity,
// holding a rectangle in the view's background colour, a label, and its
// subviews' groups, back to front. Controller root views show the
// controller's name in their middle, navigation bars the top controller's
// name, tab bar items their tab's name, the selected one in blue.

import CurtainCore
public import CurtainWire

/// Writing a tree's views as SVG.
public enum SVGSnapshot {
  /// The SVG document of `tree`'s view tree (the tree must include views;
  /// ask for presentation values to see what is on screen). `caption`
  /// becomes the document's title; `controllers` names controllers that
  /// left the tree but still animate.
  public static func document(
    of tree: Curtain_V1_Tree, caption: String, controllers: [Curtain_V1_ControllerInfo] = []
  ) -> String {
    let size = Size(tree.window.metrics.size)
    let width = number(size.width)
    let height = number(size.height)
    var lines = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)""#
        + #" viewBox="0 0 \#(width) \#(height)" font-family="Helvetica, Arial, sans-serif""#
        + #" font-size="17">"#,
      "  <title>\(escaped(caption))</title>",
    ]
    if tree.hasView {
      let names = ControllerLabels(tree, others: controllers)
      group(tree.view, names: names, depth: 1, into: &lines)
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The colour of a named background colour.
  public static func color(named name: String) -> String {
    switch name {
    case "black": return "#000000"
    case "white", "systemBackground": return "#ffffff"
    case "systemBarBackground": return "#f9f9f9"
    case "secondarySystemBackground", "systemGroupedBackground": return "#f2f2f7"
    case "systemBlue": return "#007aff"
    case "systemGray": return "#8e8e93"
    case "clear", "": return "none"
    default:
      let hex = name.dropFirst()
      if name.first == "#", [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) {
        return name.lowercased()
      }
      return "#d1d1d6"
    }
  }

  /// One view's group and, inside it, its subviews'. `item`: a tab bar
  /// item's name and whether it is the selected one.
  private static func group(
    _ view: Curtain_V1_ViewNode, names: ControllerLabels, depth: Int,
    item: (name: String, selected: Bool)? = nil, into lines: inout [String]
  ) {
    guard !view.hidden else { return }
    let indent = String(repeating: "  ", count: depth)
    let state = view.state
    var attributes = #"id="v\#(view.id)" class="\#(escaped(view.role))""#
    let transform = ScreenLayout.localTransform(state)
    if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 {
      if transform.tx != 0 || transform.ty != 0 {
        attributes += #" transform="translate(\#(number(transform.tx)) \#(number(transform.ty)))""#
      }
    } else {
      let values = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
      attributes += #" transform="matrix(\#(values.map(number).joined(separator: " ")))""#
    }
    if state.alpha != 1 { attributes += #" opacity="\#(number(max(0, min(1, state.alpha))))""# }
    lines.append("\(indent)<g \(attributes)>")
    let bounds = Rect(state.bounds)
    var rect =
      #"<rect x="\#(number(bounds.minX))" y="\#(number(bounds.minY))""#
      + #" width="\#(number(bounds.width))" height="\#(number(bounds.height))""#
    if state.cornerRadius > 0 { rect += #" rx="\#(number(state.cornerRadius))""# }
    rect += #" fill="\#(color(named: view.backgroundColor))""#
    if !["window", "dimming", "tabBarItem"].contains(view.role) {
      rect += ##" stroke="#c7c7cc""##
    }
    lines.append("\(indent)  \(rect)/>")
    lines += labels(of: view, in: bounds, names: names, item: item).map { "\(indent)  \($0)" }
    let bar: (items: [String], selected: Int) =
      view.role == "tabBar" ? names.tabItems(of: view.controllerID) : ([], -1)
    var itemIndex = 0
    for subview in view.subviews {
      var item: (String, Bool)?
      if subview.role == "tabBarItem" {
        if bar.items.indices.contains(itemIndex) {
          item = (bar.items[itemIndex], itemIndex == bar.selected)
        }
        itemIndex += 1
      }
      group(subview, names: names, depth: depth + 1, item: item, into: &lines)
    }
    lines.append("\(indent)</g>")
  }

  /// The `<text>` elements of a view: a tab bar's items are labelled in
  /// their own views (`item`), or by the bar in equal parts when it has
  /// none (a tree from an older daemon).
  private static func labels(
    of view: Curtain_V1_ViewNode, in bounds: Rect, names: ControllerLabels,
    item: (name: String, selected: Bool)?
  ) -> [String] {
    switch view.role {
    case "window", "dimming":
      return []
    case "tabBarItem":
      guard let item else { return [] }
      return [
        text(
          item.name, x: bounds.midX, y: bounds.minY + 24.5,
          extra: #" font-size="12" fill="\#(item.selected ? "#007aff" : "#8e8e93")""#)
      ]
    case "tabBar" where view.subviews.contains(where: { $0.role == "tabBarItem" }):
      return []
    case "navigationBar":
      let title = names.label(of: view)
      guard !title.isEmpty else { return [] }
      return [
        text(title, x: bounds.midX, y: bounds.maxY - 22, extra: #" font-weight="600""#)
      ]
    case "tabBar":
      let bar = names.tabItems(of: view.controllerID)
      guard !bar.items.isEmpty else { return [] }
      let slot = bounds.width / Double(bar.items.count)
      return bar.items.enumerated().map { index, item in
        let color = index == bar.selected ? "#007aff" : "#8e8e93"
        return text(
          item, x: bounds.minX + slot * (Double(index) + 0.5), y: bounds.minY + 24.5,
          extra: #" font-size="12" fill="\#(color)""#)
      }
    default:
      return [text(names.label(of: view), x: bounds.midX, y: bounds.midY, extra: "")]
    }
  }

  private static func text(_ content: String, x: Double, y: Double, extra: String) -> String {
    #"<text x="\#(number(x))" y="\#(number(y))" text-anchor="middle""#
      + #" dominant-baseline="middle"\#(extra)>\#(escaped(content))</text>"#
  }

  /// A coordinate: at most two decimals, no trailing zeros.
  private static func number(_ value: Double) -> String {
    OutputFormat.decimal(value, places: 2)
  }

  /// Text safe inside SVG elements and attributes.
  static func escaped(_ text: String) -> String {
    text.map { entities[$0] ?? String($0) }.joined()
  }

  /// The characters that XML spells as entities.
  private static let entities: [Character: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
  ]
}
