// `curtain set-layout COLLECTION LAYOUT-OPTIONS`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Changes a collection view controller's layout.
struct SetLayout: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-layout",
    abstract: "Change a collection view controller's layout (setCollectionViewLayout).",
    discussion: """
      The items move from the old layout's frames to the new one's (a \
      layoutTransition of 0.35 s; at once off screen or with --no-animate); \
      returns when it completed, unless --no-wait. The layout is a flow \
      layout (--item-size, --spacing, --line-spacing, --section-inset; \
      UIKit's defaults for what is not given) or item frames (--frames, one \
      per item). `interact begin layout` moves to a layout interactively \
      (startInteractiveTransition(to:), its transitionProgress scrubbed by \
      `interact update`).

      Example:
        curtain new-controller collection --id Photos --items 4
        w=$(curtain new-window)
        curtain set-root $w @Photos
        curtain set-layout @Photos --item-size 150x150
        curtain set-layout @Photos --no-animate \\
          --frames '0,0,10,10;20,0,10,10;40,0,10,10;60,0,10,10'
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions
  @OptionGroup(title: "Layout") var layout: CollectionLayoutOptions

  @Argument(
    help: ArgumentHelp("The collection view controller (c1 or @Grid).", valueName: "collection"),
    completion: Completions.controllers, transform: TargetName.controller)
  var collection: Curtain_V1_ControllerRef

  func validate() throws {
    if layout.isEmpty {
      throw ValidationError("set-layout needs a layout: --item-size and the like, or --frames")
    }
    _ = try layout.layout()
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var set = Curtain_V1_SetCollectionLayout()
    set.collection = collection
    if let layout = try layout.layout() { set.layout = layout }
    set.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { set.animator = spec }
    connection.report(
      try connection.perform(.setCollectionLayout(set), mutating: true, wait: wait.waitUntil))
  }
}
