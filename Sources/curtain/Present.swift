// `curtain present PRESENTER C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Presents a controller modally.
struct Present: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "present",
    abstract: "Present a controller modally on another.",
    discussion: """
      Like present(_:animated:completion:) sent to PRESENTER. The controller \
      that actually presents is resolved from the style: full-screen styles \
      go to the top of the window (its root, or the top of its presentation \
      chain); currentContext and overCurrentContext go to the first of \
      PRESENTER and its parents that defines the presentation context. \
      --style and --transition set the controller's modalPresentationStyle \
      and modalTransitionStyle as the presentation starts (default: its own, \
      automatic and coverVertical). A popover points at --source-rect in \
      --source-view's coordinates (default: PRESENTER's view and its bounds). \
      A custom presentation is described by --frame (in the window; default \
      the window's bounds), --dimming (the alpha of a dimming view faded in \
      with the transition; default none) and --removes-presenter (the \
      presenter's view leaves the window and the presenter gets \
      viewWillDisappear/viewDidDisappear; default it stays); these need \
      --style custom. \
      --animator replaces the built-in look only in the fullScreen and \
      custom styles; in any other style the presentation keeps its look \
      and a note on stderr (animator_not_used with --json) says the \
      animator was not used. --duration and --curve apply to every style. \
      Returns when the presentation transition completed, unless --no-wait.

      Styles: automatic, fullScreen, pageSheet, formSheet, currentContext, \
      custom, overFullScreen, overCurrentContext, popover. Transitions: \
      coverVertical, flipHorizontal, crossDissolve, partialCurl. Adaptive \
      styles: none, fullScreen, overFullScreen, formSheet.

      Example:
        curtain new-window --root Home
        curtain new-controller content --id Settings
        curtain present @Home @Settings --style formSheet
        curtain dismiss @Settings
        curtain new-controller content --id Menu
        curtain present @Home @Menu --style popover --source-rect 10,60,44,44 \\
          --arrows up,down
        curtain dismiss @Menu
        curtain new-controller content --id Panel
        curtain present @Home @Panel --style custom --frame 20,100,350,400 \\
          --dimming 0.5
        curtain dismiss @Panel
        c=$(curtain new-controller content)
        curtain present @Home $c --style fullScreen --transition crossDissolve \\
          --no-animate
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp(
      "The controller the request is sent to (c3 or @Home).", valueName: "presenter"),
    completion: Completions.controllers, transform: TargetName.controller)
  var presenter: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The controller to present (c7 or @Settings).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  @Option(help: ArgumentHelp("The modal presentation style.", valueName: "style"))
  var style: WireName<Curtain_V1_ModalPresentationStyle>?

  @Option(help: ArgumentHelp("The modal transition style.", valueName: "transition"))
  var transition: WireName<Curtain_V1_ModalTransitionStyle>?

  @Option(
    help: ArgumentHelp(
      "The style to adapt to in compact environments (none keeps the style).",
      valueName: "style"))
  var adaptive: WireName<Curtain_V1_ModalPresentationStyle>?

  @Option(
    name: .customLong("size"),
    help: ArgumentHelp(
      "The controller's preferredContentSize (form sheets, popovers).", valueName: "WxH"),
    transform: TargetName.size)
  var preferredContentSize: Curtain_V1_Size?

  @Option(
    help: ArgumentHelp("Popovers: the source view (v12).", valueName: "view"),
    transform: TargetName.view)
  var sourceView: UInt64?

  @Option(
    help: ArgumentHelp(
      "Popovers: the source rectangle in the source view's coordinates.", valueName: "X,Y,W,H"),
    transform: TargetName.rect)
  var sourceRect: Curtain_V1_Rect?

  @Option(
    help: ArgumentHelp(
      "Popovers: the permitted arrow directions, from up, down, left, right, any, none.",
      valueName: "list"),
    transform: TargetName.arrows)
  var arrows: UInt32?

  @Option(
    help: ArgumentHelp(
      "Popovers: point at a bar button item instead of a view: the navigation bar's left or "
        + "right item, or the tab bar item at an index (from 0).",
      valueName: "left|right|index"),
    transform: TargetName.barItem)
  var sourceBarItem: Curtain_V1_BarItem?

  @Option(
    help: ArgumentHelp(
      "Popovers: a passthrough view (v12): a tap on it (curtain tap) does not dismiss the "
        + "popover. Repeatable.",
      valueName: "view"),
    transform: TargetName.view)
  var passthrough: [UInt64] = []

  @Option(
    help: ArgumentHelp(
      "Custom presentations: the presented view's frame in the window.", valueName: "X,Y,W,H"),
    transform: TargetName.rect)
  var frame: Curtain_V1_Rect?

  @Option(
    help: ArgumentHelp(
      "Custom presentations: the alpha (0 to 1) of a dimming view behind the presented view.",
      valueName: "alpha"))
  var dimming: Double?

  @Flag(help: "Custom presentations: the presenter's view leaves the window while presented.")
  var removesPresenter = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var present = Curtain_V1_Present()
    present.presenter = presenter
    present.controller = controller
    present.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { present.animator = spec }
    if let style { present.style = style.wire }
    if let transition { present.transitionStyle = transition.wire }
    if let adaptive { present.adaptiveStyle = adaptive.wire }
    if let preferredContentSize { present.preferredContentSize = preferredContentSize }
    if sourceView != nil || sourceRect != nil || arrows != nil || sourceBarItem != nil
      || !passthrough.isEmpty
    {
      var popover = Curtain_V1_PopoverSource()
      if let sourceView { popover.sourceViewID = sourceView }
      if let sourceRect { popover.sourceRect = sourceRect }
      if let arrows { popover.permittedArrowDirections = arrows }
      if let sourceBarItem { popover.sourceBarItem = sourceBarItem }
      popover.passthroughViewIds = passthrough
      present.popover = popover
    }
    if frame != nil || dimming != nil || removesPresenter {
      var custom = Curtain_V1_CustomPresentation()
      if let frame { custom.frame = frame }
      if let dimming { custom.dimmingAlpha = dimming }
      custom.removesPresenterView = removesPresenter
      present.custom = custom
    }
    connection.report(
      try connection.perform(.present(present), mutating: true, wait: wait.waitUntil))
  }
}
