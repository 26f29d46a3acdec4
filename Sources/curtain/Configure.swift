// `curtain configure C [--title T] [--id NAME] [--style S] [--should-perform IDENT=yes|no] …`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Changes a controller's title, identifier, presentation properties or
/// shouldPerformSegue answers.
struct Configure: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "configure",
    abstract:
      "Change a controller's title, identifier, presentation properties or segue answers.",
    discussion: """
      Only the options given change; a refused change changes nothing. \
      --defines-context makes currentContext and overCurrentContext \
      presentations below the controller cover its view \
      (definesPresentationContext); --provides-transition-style makes its \
      own transition style replace the presented controller's when it is \
      that context. An empty --id removes the identifier. \
      --should-perform sets what the controller's shouldPerformSegue answers \
      when one of its storyboard segues is triggered (`segue --triggered`); \
      segues performed by request are not asked. --edges and \
      --bar-translucent decide whether a view goes under a navigation or tab \
      bar (SEMANTICS §3); --forwards-appearance false lets the client drive \
      a custom container's children's appearance (begin-appearance, \
      end-appearance).

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain configure @Nav --defines-context true
        curtain configure @Home --edges left,right
        curtain new-controller content --id Settings
        curtain configure @Settings --style formSheet --size 400x500
        curtain new-controller container --id Box
        curtain configure @Box --forwards-appearance false
        curtain load-storyboard docs/examples/shop.storyboard.json
        curtain instantiate Shop Catalog
        curtain configure @Catalog --should-perform showProduct=no
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The controller (c4 or @Home).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  @Option(help: ArgumentHelp("A new title.", valueName: "title"))
  var title: String?

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp("A new identifier (empty: none).", valueName: "name"))
  var identifier: String?

  @Option(help: ArgumentHelp("modalPresentationStyle (see `present`).", valueName: "style"))
  var style: WireName<Curtain_V1_ModalPresentationStyle>?

  @Option(help: ArgumentHelp("modalTransitionStyle (see `present`).", valueName: "transition"))
  var transition: WireName<Curtain_V1_ModalTransitionStyle>?

  @Option(help: ArgumentHelp("definesPresentationContext.", valueName: "true|false"))
  var definesContext: Bool?

  @Option(
    help: ArgumentHelp("providesPresentationContextTransitionStyle.", valueName: "true|false"))
  var providesTransitionStyle: Bool?

  @Option(
    name: .customLong("size"),
    help: ArgumentHelp("preferredContentSize (form sheets, popovers).", valueName: "WxH"),
    transform: TargetName.size)
  var preferredContentSize: Curtain_V1_Size?

  @Option(
    help: ArgumentHelp(
      "What shouldPerformSegue answers when the segue IDENT is triggered "
        + "(storyboard: the storyboard's answer); repeatable.",
      valueName: "IDENT=yes|no|storyboard"),
    transform: TargetName.shouldPerform)
  var shouldPerform: [(identifier: String, answer: Curtain_V1_ShouldPerformAnswer)] = []

  @Option(
    help: ArgumentHelp(
      "isModalInPresentation: a tap outside (curtain tap) does not dismiss it.",
      valueName: "true|false"))
  var modalInPresentation: Bool?

  @Option(
    help: ArgumentHelp(
      "edgesForExtendedLayout: the edges along which its view goes under a translucent "
        + "navigation or tab bar, from top, left, bottom, right, all (the default), none.",
      valueName: "list"),
    transform: TargetName.edges)
  var edges: UInt32?

  @Option(
    help: ArgumentHelp(
      "Navigation and tab bar controllers: their bar's isTranslucent (default true: content "
        + "goes under the bar; false: it fills the rest).", valueName: "true|false"))
  var barTranslucent: Bool?

  @Option(
    help: ArgumentHelp(
      "Custom containers: shouldAutomaticallyForwardAppearanceMethods (false: drive the "
        + "children with begin-appearance and end-appearance).",
      valueName: "true|false"))
  var forwardsAppearance: Bool?

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var configure = Curtain_V1_ConfigureController()
    configure.controller = controller
    if let title { configure.title = title }
    if let identifier { configure.identifier = identifier }
    if let style { configure.modalPresentationStyle = style.wire }
    if let transition { configure.modalTransitionStyle = transition.wire }
    if let definesContext { configure.definesPresentationContext = definesContext }
    if let providesTransitionStyle {
      configure.providesPresentationContextTransitionStyle = providesTransitionStyle
    }
    if let preferredContentSize { configure.preferredContentSize = preferredContentSize }
    for (identifier, answer) in shouldPerform { configure.shouldPerformSegue[identifier] = answer }
    if let modalInPresentation { configure.modalInPresentation = modalInPresentation }
    if let edges { configure.edgesForExtendedLayout = edges }
    if let barTranslucent { configure.barTranslucent = barTranslucent }
    if let forwardsAppearance {
      configure.shouldAutomaticallyForwardAppearanceMethods = forwardsAppearance
    }
    connection.report(try connection.perform(.configureController(configure), mutating: true))
  }
}
