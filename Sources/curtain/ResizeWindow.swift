// `curtain resize-window W --size WxH`: a size transition.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Resizes a window.
struct ResizeWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resize-window",
    abstract: "Resize a window; its traits follow the new size (a size transition).",
    discussion: """
      Every controller on screen is told viewWillTransition(to:) with its own \
      new size (and willTransition(to:) / traitCollectionDidChange when the \
      traits change), presentations adapt when a size class changes, and \
      every view that moves animates to its new frame (0.4 s, easeInOut) \
      unless --no-animate. Like other changes it waits while a transition \
      runs in the window.

      The safe area, scale and idiom stay as they are unless given; the size \
      classes follow the new size (regular from 600 pt wide, 500 pt high) \
      unless --horizontal-size-class or --vertical-size-class sets one \
      explicitly (the other then still follows the new size). Explicit size \
      classes hold for this resize only: a later resize without them derives \
      both from its size again.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain resize-window $w --size 844x390
        curtain resize-window $w --size 1024x768 --idiom pad --safe-area 24,0,20,0
        curtain resize-window $w --size 390x844 --duration 1 --curve linear
        curtain resize-window $w --size 1024x768 --horizontal-size-class compact
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions
  @OptionGroup var animation: AnimationOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Option(
    help: ArgumentHelp("The new size in points.", valueName: "WxH"), transform: TargetName.size)
  var size: Curtain_V1_Size

  @OptionGroup(title: "Safe area, scale and traits") var metrics: MetricsOptions

  @Option(help: ArgumentHelp("The animation's duration in seconds (default 0.4).", valueName: "s"))
  var duration: Double?

  @Option(
    help: ArgumentHelp(
      "The animation's curve: \(Curtain_V1_NamedCurve.nameTable.list()).", valueName: "curve"))
  var curve: CurveArgument?

  func validate() throws {
    if let duration, !(duration.isFinite && duration > 0 && duration <= 3600) {
      throw ValidationError("--duration must be a number of seconds in (0, 3600]")
    }
    if animation.noAnimate, duration != nil || curve != nil {
      throw ValidationError("--duration and --curve animate; they cannot go with --no-animate")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let current = try connection.windowInfo(window)
    var resize = Curtain_V1_ResizeWindow()
    resize.windowID = window
    resize.metrics = metrics.applied(to: current.metrics)
    resize.metrics.size = size
    resize.notAnimated = animation.noAnimate
    resize.duration = duration ?? 0
    if let curve { resize.timing = curve.wire }
    connection.report(
      try connection.perform(.resizeWindow(resize), mutating: true, wait: wait.waitUntil))
  }
}
