// `curtain new-controller KIND [--id NAME] [--title T] [split, page or collection options]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Creates a controller in no window.
struct NewController: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-controller",
    abstract: "Create a view controller (in no window yet) and print its name (c4).",
    discussion: """
      KIND is content, navigation (nav), tabBar (tab), container, split, \
      page or collection. An identifier (--id) names the controller for later \
      commands as @NAME; identifiers are unique per session. A split view \
      controller may get its display mode and primary column widths (see \
      configure-split), a page view controller its style, orientation and \
      spine, which are fixed once it has pages. A collection view controller \
      gets its items (--items; by default one per --frames frame, else \
      none), its layout (a flow layout, UIKit's 50x50 items 10 points apart \
      by default, or --frames) and --layout-to-layout \
      (useLayoutToLayoutNavigationTransitions: pushed above another \
      collection view controller, its items move from that one's layout to \
      its own instead of sliding in); set-layout changes the layout.

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain new-controller content --id Detail --title 'Detail'
          c3
        curtain push @Nav @Detail
        curtain new-controller split --id Split --display-mode oneOverSecondary
        curtain new-controller page --id Book --style curl --spine mid
        curtain new-controller collection --id Grid --items 12
        curtain new-controller collection --id Big --items 12 \\
          --item-size 180x180 --layout-to-layout
        curtain new-controller collection --id Free --frames '0,0,50,50;60,0,80,80'
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp(
      "\(Curtain_V1_ControllerKind.nameTable.list()).", valueName: "kind"))
  var kind: WireName<Curtain_V1_ControllerKind>

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp("An identifier, to name the controller as @NAME.", valueName: "name"))
  var identifier: String?

  @Option(help: ArgumentHelp("The controller's title.", valueName: "title"))
  var title: String?

  @OptionGroup(title: "Split view controllers") var split: SplitOptions
  @OptionGroup(title: "Page view controllers") var page: PageStyleOptions
  @OptionGroup(title: "Collection view controllers") var layout: CollectionLayoutOptions

  @Option(
    name: .customLong("items"),
    help: ArgumentHelp(
      "Collection view controllers: how many items (default: one per --frames frame, else 0).",
      valueName: "count"))
  var itemCount: UInt32?

  @Flag(
    help: "Collection view controllers: useLayoutToLayoutNavigationTransitions.")
  var layoutToLayout = false

  private var hasCollectionOptions: Bool { !layout.isEmpty || itemCount != nil || layoutToLayout }

  func validate() throws {
    if !split.isEmpty, kind.wire != .split {
      throw ValidationError("Split options apply only to 'new-controller split'")
    }
    if !page.isEmpty, kind.wire != .page {
      throw ValidationError("Page options apply only to 'new-controller page'")
    }
    if hasCollectionOptions, kind.wire != .collection {
      throw ValidationError("Collection options apply only to 'new-controller collection'")
    }
    _ = try layout.layout()
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var create = Curtain_V1_CreateController()
    create.kind = kind.wire
    create.identifier = identifier ?? ""
    create.title = title ?? ""
    if !split.isEmpty { create.split = split.wire }
    if !page.isEmpty { create.page = page.wire }
    if hasCollectionOptions {
      if let itemCount { create.collection.itemCount = itemCount }
      if let layout = try layout.layout() { create.collection.layout = layout }
      create.collection.layoutToLayout = layoutToLayout
    }
    let response = try connection.perform(.createController(create), mutating: true)
    guard case .controller(let controller)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controller", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(controller))
    } else {
      Output.line("c\(controller.id)")
    }
  }
}
