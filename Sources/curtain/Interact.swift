// `curtain interact …`: drive an interactive transition by hand, as a
// pan gesture would through UIPercentDrivenInteractiveTransition.

import ArgumentParser

/// The group of interactive-transition commands.
struct Interact: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "interact",
    abstract: "Begin, scrub, finish or cancel an interactive transition.",
    discussion: """
      An interactive transition begun here is not tied to this command's \
      connection: later commands drive it by its name (t5), and the daemon \
      cancels it if nobody updates it for its interaction timeout.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        t=$(curtain interact begin pop @Nav)    # t1: the edge-swipe back gesture
        curtain interact update $t 0.4
        curtain interact finish $t --speed 0.5
      """,
    subcommands: [
      InteractBegin.self, InteractUpdate.self, InteractFinish.self, InteractCancel.self,
    ])
}
