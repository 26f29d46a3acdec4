// `curtain turn-page PAGE [--reverse]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Turns a page view controller to its next or previous pages.
struct TurnPage: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "turn-page",
    abstract: "Turn a page view controller to the next (or previous) pages of its data source.",
    discussion: """
      The pages after the shown ones in the data source (set-pages \
      --data-source, or page[…] in a --root spec), or before them with \
      --reverse. Animates with the controller's style unless --no-animate; \
      returns when the turn completed, unless --no-wait.

      Example:
        curtain new-window --root 'Book=page[P1,P2,P3]'
        curtain turn-page @Book
        curtain turn-page @Book --reverse --no-animate
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The page view controller (c1 or @Book).", valueName: "page"),
    completion: Completions.controllers, transform: TargetName.controller)
  var page: Curtain_V1_ControllerRef

  @Flag(help: "Turn to the previous pages.")
  var reverse = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var turn = Curtain_V1_TurnPage()
    turn.page = page
    turn.reverse = reverse
    turn.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { turn.animator = spec }
    connection.report(
      try connection.perform(.turnPage(turn), mutating: true, wait: wait.waitUntil))
  }
}
