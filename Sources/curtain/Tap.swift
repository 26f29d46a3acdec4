// `curtain tap W X,Y`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Taps a point of a window.
struct Tap: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tap",
    abstract: "Tap a point of a window: hit-test its views; a tap outside a sheet or popover "
      + "dismisses it, a tap on a tab bar item selects its tab.",
    discussion: """
      The deepest visible view under the point (window coordinates) is the \
      tap's target; the window records a `tapped` event. A tap on a sheet's \
      or popover's dimming view is a tap outside it: it dismisses the \
      presented controller (presentationControllerShouldDismiss, \
      WillDismiss, the dismissal, DidDismiss), unless that controller is \
      modal in presentation (`configure --modal-in-presentation true`: \
      presentationControllerDidAttemptToDismiss only) or the tap lands on \
      one of the popover's passthrough views (`present --passthrough`), \
      which it then reaches.

      A tap on a tab bar item (a `tabBarItem` view of `tree --views`, owned \
      by the tab it selects) is the user's selection, as in UIKit: the tab \
      bar controller's delegate is asked shouldSelect (a "no" leaves \
      everything as it was), the tab is selected (More: the More list), and \
      the event `didSelect` follows. On the selected item, `didSelect` \
      again, and a navigation controller tab pops to its root (animated). \
      `select-tab` is a selection by code: it asks no shouldSelect and \
      calls no didSelect.

      The tap waits for the window to be idle and, unless --no-wait, for a \
      dismissal or a tab switch to complete. Prints what it reached and did.

      Example:
        w=$(curtain new-window --root Home)
        curtain tap $w 100,600
          tapped v2 (controllerRoot of c1) at (100, 600)
        curtain new-controller content --id Sheet
        curtain present @Home @Sheet --style pageSheet
        curtain tap $w 100,20          # above the sheet: a tap outside it
          tapped v4 (dimming of c2) at (100, 20), dismissed c2
        t=$(curtain new-window --root 'Tabs=tab[One,Two]')
        curtain tree $t --views | grep -o 'v[0-9]* tabBar.*'
          v7 tabBar c5 (0, 761, 390, 83) α=1
          v9 tabBarItem c3 (0, 0, 195, 49) α=1
          v10 tabBarItem c4 (195, 0, 195, 49) α=1
        curtain tap $t 292,785         # Two's item, in the bar at y 761
          tapped v10 (tabBarItem of c4) at (292, 785), selected c4 in c5
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1).", valueName: "window"), transform: TargetName.window)
  var window: UInt64

  @Argument(
    help: ArgumentHelp("The point in the window's coordinates.", valueName: "x,y"),
    transform: TargetName.point)
  var point: Curtain_V1_Point

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var tap = Curtain_V1_Tap()
    tap.windowID = window
    tap.point = point
    let response = try connection.perform(.tap(tap), mutating: true, wait: wait.waitUntil)
    guard case .operation(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "operation", got: response.resultName)
    }
    guard result.hasTap else {
      // Queued (--no-wait behind other operations): nothing reached yet.
      connection.report(response)
      return
    }
    if globals.json {
      Output.json(OutputFormat.json(result.tap))
    } else {
      Output.line(OutputFormat.human(result.tap))
    }
  }
}
