// `curtain unwind SOURCE ACTION`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Unwinds to the first controller that declares an action.
struct Unwind: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unwind",
    abstract: "Unwind from a controller to the first one above it that declares an action.",
    discussion: """
      Searches up from the source through parents and presenters (each \
      container's other children first) for a controller declaring the \
      unwind action, then dismisses the presentations, pops the navigation \
      stacks and selects the tabs on the way (docs/storyboards.md). Fails \
      with NOT_FOUND, changing nothing, when no controller declares it. \
      Prints the destination (c3). Returns when the transition completed, \
      unless --no-wait.

      Example:
        w=$(curtain new-window)
        curtain load-storyboard docs/examples/shop.storyboard.json --window $w
        curtain segue @Catalog showProduct
        curtain segue @Product openCart
        curtain segue @CartList checkout
        curtain unwind @Checkout backToCatalog
          c3
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The controller to unwind from (c9 or @Checkout).", valueName: "source"),
    completion: Completions.controllers, transform: TargetName.controller)
  var source: Curtain_V1_ControllerRef

  @Argument(help: ArgumentHelp("The unwind action's name.", valueName: "action"))
  var action: String

  func run() throws {
    var unwind = Curtain_V1_Unwind()
    unwind.source = source
    unwind.action = action
    unwind.notAnimated = animation.noAnimate
    try SegueOutput.perform(.unwind(unwind), globals: globals, wait: wait)
  }
}
