// `curtain interact begin pop NAV | present PRESENTER C | dismiss C |
// turn-page PAGE [--reverse] | select-tab TABS INDEX|C | layout COLLECTION
// LAYOUT-OPTIONS`: each kind is named after the command it does
// interactively (`layout` after set-layout).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Begins an interactive transition.
struct InteractBegin: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "begin",
    abstract: "Begin an interactive transition and print its name (t5).",
    discussion: """
      `pop NAV`: the interactive pop of a navigation controller (the \
      edge-swipe back gesture). `present PRESENTER CONTROLLER`: a \
      percent-driven presentation, sent to PRESENTER as `present` would be \
      (--style and --transition as there). `dismiss CONTROLLER`: a \
      percent-driven dismissal (a sheet pulled down), sent to CONTROLLER as \
      `dismiss` would be. `turn-page PAGE`: a page view controller's page \
      dragged to the next pages of its data source (as `turn-page` turns \
      it; `page-turn` is accepted too), or the previous ones with --reverse. `select-tab TABS TAB`: a swipe \
      between tabs (seed 001) to the tab at an index or of a controller, \
      with the tab slide; cancelled, the old tab stays selected. `layout \
      COLLECTION`: a collection view's interactive layout transition \
      (startInteractiveTransition(to:)) to the layout --item-size and the \
      like or --frames give (as set-layout takes it); the fraction is its \
      transitionProgress, each item's frame moving linearly between the two \
      layouts; cancelled, the old layout stays. Each \
      starts at 0% and returns as \
      soon as the \
      transition has started — it completes only when finished or \
      cancelled. Begin on an idle window (see wait-idle): a begin queued \
      behind other operations has no transition id to print yet, and fails.

      --animator FILE|- gives the transition a custom animator \
      (docs/animators.md) that `interact update` scrubs: every track is \
      evaluated at the fraction, as UIKit's percent-driven interaction \
      does (seed 001's Slide). --duration and --curve re-time the built-in \
      look instead. As for `present` and `dismiss`, a presentation takes \
      an animator only in the fullScreen and custom styles.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        t=$(curtain interact begin pop @Nav)
        curtain interact cancel $t
        curtain new-controller content --id Sheet
        t=$(curtain interact begin present @Detail @Sheet --style pageSheet)
        curtain interact finish $t
        t=$(curtain interact begin dismiss @Sheet)
        curtain interact finish $t
        curtain new-window --root 'Tabs=tab[Book=page[P1,P2],Settings]'
        curtain turn-page @Book
        t=$(curtain interact begin turn-page @Book --reverse)
        curtain interact finish $t
        t=$(curtain interact begin select-tab @Tabs 1)
        curtain interact cancel $t
        t=$(curtain interact begin select-tab @Tabs 1 \\
          --animator docs/examples/animators/slide-left.json)
        curtain interact update $t 0.5
        curtain interact finish $t
        curtain new-controller collection --id Grid --items 6
        curtain set-root $(curtain new-window) @Grid
        t=$(curtain interact begin layout @Grid --item-size 100x100)
        curtain interact update $t 0.5
        curtain interact cancel $t
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var custom: AnimatorOptions

  @Argument(
    help: ArgumentHelp(
      "The kind of transition: pop, present, dismiss, turn-page, select-tab or layout.",
      valueName: "kind"))
  var kind: InteractionKind

  @Argument(
    help: ArgumentHelp(
      "pop: the navigation controller; present: the presenter; dismiss: the controller; "
        + "turn-page: the page view controller; select-tab: the tab bar controller; "
        + "layout: the collection view controller (c1 or @Nav).",
      valueName: "target"),
    completion: Completions.controllers, transform: TargetName.controller)
  var target: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp(
      "present: the controller to present (c7 or @Sheet); select-tab: the tab, an index from "
        + "0 or a controller.",
      valueName: "controller"),
    completion: Completions.controllers)
  var second: String?

  @Option(help: ArgumentHelp("present: the modal presentation style.", valueName: "style"))
  var style: WireName<Curtain_V1_ModalPresentationStyle>?

  @Option(help: ArgumentHelp("present: the modal transition style.", valueName: "transition"))
  var transition: WireName<Curtain_V1_ModalTransitionStyle>?

  @Flag(help: "turn-page: turn to the previous pages.")
  var reverse = false

  @OptionGroup(title: "layout: the layout to move to") var layout: CollectionLayoutOptions

  func validate() throws {
    if kind == .present, second == nil {
      throw ValidationError("`interact begin present` needs the controller to present")
    }
    if kind == .selectTab, second == nil {
      throw ValidationError("`interact begin select-tab` needs the tab: an index or a controller")
    }
    if kind != .present, kind != .selectTab, second != nil {
      throw ValidationError("`interact begin \(kind.rawValue)` takes one controller")
    }
    if kind != .present, style != nil || transition != nil {
      throw ValidationError("--style and --transition apply only to `interact begin present`")
    }
    if kind != .turnPage, reverse {
      throw ValidationError("--reverse applies only to `interact begin turn-page`")
    }
    if kind != .layout, !layout.isEmpty {
      throw ValidationError("layout options apply only to `interact begin layout`")
    }
    if kind == .layout {
      guard try layout.layout() != nil else {
        throw ValidationError(
          "`interact begin layout` needs the layout to move to: --item-size and the like, or "
            + "--frames")
      }
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var begin = Curtain_V1_BeginInteractive()
    switch kind {
    case .pop:
      begin.kind = .pop
      begin.controller = target
    case .dismiss:
      begin.kind = .dismiss
      begin.controller = target
    case .turnPage:
      begin.kind = .pageTurn
      begin.controller = target
      begin.reverse = reverse
    case .selectTab:
      begin.kind = .selectTab
      begin.selectTab.tabBar = target
      if let second {
        let selection = try TargetName.tab(second)
        if case .more = selection {
          throw CLIError("an interactive tab switch cannot involve the More tab")
        }
        begin.selectTab.selection = selection
      }
    case .layout:
      begin.kind = .layout
      begin.controller = target
      if let layout = try layout.layout() { begin.layout = layout }
    case .present:
      begin.kind = .present
      begin.present.presenter = target
      if let second { begin.present.controller = try TargetName.controller(second) }
      if let style { begin.present.style = style.wire }
      if let transition { begin.present.transitionStyle = transition.wire }
    }
    if let spec = try custom.spec() { begin.animator = spec }
    // STARTED, not COMPLETED: the transition completes only when a later
    // command finishes or cancels it. Not ACCEPTED either: a queued begin has
    // no transition id yet.
    let response = try connection.perform(.beginInteractive(begin), mutating: true, wait: .started)
    let transition: UInt64
    switch response.result {
    case .transition(let result)?: transition = result.transitionID
    case .operation(let result)?:
      transition = result.transitionID
      if !globals.json { Output.noteUnusedAnimator(result) }
    default:
      throw ClientError.unexpectedResponse(expected: "transition", got: response.resultName)
    }
    guard transition != 0 else {
      throw CLIError(
        "the interactive \(kind.rawValue) is queued behind the window's other operations, so it "
          + "has no transition id yet; run `curtain wait-idle` on the window before "
          + "`interact begin`")
    }
    if globals.json {
      connection.report(response)
    } else {
      Output.line("t\(transition)")
    }
  }
}

/// The interactive transitions `interact begin` can start, each named
/// after the command that does it without a gesture.
enum InteractionKind: String, ExpressibleByArgument, CaseIterable {
  /// A navigation controller's interactive pop.
  case pop
  /// A percent-driven presentation.
  case present
  /// A percent-driven dismissal.
  case dismiss
  /// A percent-driven page turn.
  case turnPage = "turn-page"
  /// A percent-driven tab switch.
  case selectTab = "select-tab"
  /// A collection view's interactive layout transition.
  case layout

  /// A kind by its name, or `page-turn`, the page turn's name before it
  /// followed the `turn-page` command (scripts written then still work).
  init?(argument: String) {
    self.init(rawValue: argument == "page-turn" ? InteractionKind.turnPage.rawValue : argument)
  }
}
