// `curtain set-pages PAGE [C…] [--data-source C,…] [--reverse]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Sets a page view controller's pages.
struct SetPages: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-pages",
    abstract: "Set the pages a page view controller shows, or its data source.",
    discussion: """
      Like setViewControllers(_:direction:animated:) on \
      UIPageViewController: one controller for scroll and single-sided \
      curl, two for double-sided pages (front, back) and the mid spine \
      (left, right). --data-source gives the ordered pages that turn-page \
      moves through; without controllers the first ones show. The turn \
      animates (forward, or backward with --reverse) unless --no-animate.

      Example:
        curtain new-window --root 'Book=page[P1]'
        curtain new-controller content --id P2
        curtain new-controller content --id P3
        curtain set-pages @Book --data-source @P1,@P2,@P3
        curtain set-pages @Book @P3 --reverse
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The page view controller (c1 or @Book).", valueName: "page"),
    completion: Completions.controllers, transform: TargetName.controller)
  var page: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The pages to show (c2 @P2 …).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controllers: [Curtain_V1_ControllerRef] = []

  @Option(
    help: ArgumentHelp(
      "The data source: controllers separated by commas (@P1,@P2,c7).", valueName: "controllers"),
    transform: SetPages.list)
  var dataSource: [Curtain_V1_ControllerRef]?

  @Flag(help: "Turn backward (UIKit's direction .reverse).")
  var reverse = false

  func validate() throws {
    if controllers.isEmpty, dataSource == nil {
      throw ValidationError("Give the pages to show, or --data-source")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var pages = Curtain_V1_SetPages()
    pages.page = page
    pages.controllers = controllers
    pages.dataSource = dataSource ?? []
    pages.reverse = reverse
    pages.notAnimated = animation.noAnimate
    connection.report(
      try connection.perform(.setPages(pages), mutating: true, wait: wait.waitUntil))
  }

  static func list(_ text: String) throws -> [Curtain_V1_ControllerRef] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
    guard !text.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
      throw ValidationError("'\(text)' is not a comma-separated list of controllers")
    }
    return try names.map { try TargetName.controller(String($0)) }
  }
}
