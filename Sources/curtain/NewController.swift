// `curtain new-controller KIND [--id NAME] [--title T]`.

import ArgumentParser
import CurtainWire

/// Creates a controller in no window.
struct NewController: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-controller",
    abstract: "Create a view controller (in no window yet) and print its name (c4).",
    discussion: """
      KIND is content, navigation (nav), tab (tabbar) or container. An \
      identifier (--id) names the controller for later commands as @NAME; \
      identifiers are unique per session.

      Example:
        curtain new-controller content --id Detail --title 'Detail'
        curtain push @Nav @Detail
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("content, navigation, tab or container.", valueName: "kind"))
  var kind: KindArgument

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp("An identifier, to name the controller as @NAME.", valueName: "name"))
  var identifier: String?

  @Option(help: ArgumentHelp("The controller's title.", valueName: "title"))
  var title: String?

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var create = Curtain_V1_CreateController()
    create.kind = kind.wire
    create.identifier = identifier ?? ""
    create.title = title ?? ""
    let response = try connection.perform(.createController(create), mutating: true)
    guard case .controller(let controller)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controller", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(controller))
    } else {
      Output.line("c\(controller.id)")
    }
  }
}

/// A controller kind on the command line.
enum KindArgument: String, ExpressibleByArgument, CaseIterable {
  /// A content controller.
  case content
  /// A navigation controller.
  case navigation
  /// A tab bar controller.
  case tab
  /// A custom container.
  case container

  init?(argument: String) {
    switch argument {
    case "content": self = .content
    case "navigation", "nav": self = .navigation
    case "tab", "tabbar", "tab-bar": self = .tab
    case "container": self = .container
    default: return nil
    }
  }

  var wire: Curtain_V1_ControllerKind {
    switch self {
    case .content: return .content
    case .navigation: return .navigation
    case .tab: return .tabBar
    case .container: return .container
    }
  }
}
