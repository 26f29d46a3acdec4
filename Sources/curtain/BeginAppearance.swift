// `curtain begin-appearance C --appearing|--disappearing [--animated]` and
// `curtain end-appearance C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `beginAppearanceTransition(_:animated:)` on a child of a custom
/// container that does not forward appearance.
struct BeginAppearance: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "begin-appearance",
    abstract: "Begin a child's appearance transition (beginAppearanceTransition(_:animated:)).",
    discussion: """
      For the children of a custom container configured with \
      `--forwards-appearance false` (shouldAutomaticallyForwardAppearanceMethods): \
      --appearing calls the child's viewWillAppear, --disappearing its \
      viewWillDisappear. Each begin must be followed by one end-appearance; \
      anything else is refused ("Unbalanced calls to begin/end appearance \
      transitions").

      Example:
        curtain new-window --root 'Box=container[Main]'
        curtain configure @Box --forwards-appearance false
        curtain new-controller content --id Panel
        curtain add-child @Box @Panel
        curtain begin-appearance @Panel --appearing --animated
        curtain end-appearance @Panel
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The child (c4 or @Panel).", valueName: "controller"),
    transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  @Flag(help: "viewWillAppear (--appearing) or viewWillDisappear (--disappearing).")
  var direction: AppearanceDirection

  @Flag(help: "The callbacks' animated argument.")
  var animated = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var begin = Curtain_V1_BeginAppearanceTransition()
    begin.controller = controller
    begin.appearing = direction == .appearing
    begin.animated = animated
    connection.report(
      try connection.perform(.beginAppearanceTransition(begin), mutating: true, wait: .completed))
  }
}

/// Which half `begin-appearance` starts.
enum AppearanceDirection: String, EnumerableFlag {
  case appearing, disappearing
}

/// `endAppearanceTransition()`.
struct EndAppearance: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "end-appearance",
    abstract: "End a child's appearance transition (endAppearanceTransition()).",
    discussion: """
      The viewDidAppear or viewDidDisappear of the pending begin-appearance.

      Example:
        curtain new-window --root 'Box=container[Main]'
        curtain configure @Box --forwards-appearance false
        curtain new-controller content --id Panel
        curtain add-child @Box @Panel
        curtain begin-appearance @Panel --appearing
        curtain end-appearance @Panel
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The child (c4 or @Panel).", valueName: "controller"),
    transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var end = Curtain_V1_EndAppearanceTransition()
    end.controller = controller
    connection.report(
      try connection.perform(.endAppearanceTransition(end), mutating: true, wait: .completed))
  }
}
