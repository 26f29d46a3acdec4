// `curtain dismiss C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Dismisses a modal presentation.
struct Dismiss: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dismiss",
    abstract: "Dismiss what a controller presents, or the controller itself.",
    discussion: """
      Like dismiss(animated:completion:) sent to CONTROLLER: when it (or a \
      parent) presents something, that goes, with everything presented above \
      it (only the top one animates); otherwise the controller's own \
      presentation goes. Nothing presented: nothing happens, and it prints \
      "nothing presented". --animator replaces the built-in look only when \
      the presentation that animates is fullScreen or custom (as for \
      present). Returns when the dismissal transition completed, unless \
      --no-wait.

      Example:
        curtain new-window --root Home
        curtain new-controller content --id Settings
        curtain present @Home @Settings
        curtain dismiss @Settings
        curtain dismiss @Home --no-animate
          nothing presented
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp(
      "The controller the request is sent to (c7 or @Settings).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var dismiss = Curtain_V1_Dismiss()
    dismiss.controller = controller
    dismiss.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { dismiss.animator = spec }
    connection.report(
      try connection.perform(.dismiss(dismiss), mutating: true, wait: wait.waitUntil),
      unchanged: "nothing presented")
  }
}
