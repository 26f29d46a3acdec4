// `curtain new-window`: create a window, optionally with a whole controller
// tree as its root (`--root 'tab[nav[Home],Settings]'`).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Creates a window.
struct NewWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-window",
    abstract: "Create a window and print its name (w1).",
    discussion: """
      --root builds a controller tree in one go and makes it the window's \
      root: a bare name is a content controller with that identifier; \
      nav[A,B] is a navigation controller with the stack A, B; tab[A,B] a tab \
      bar controller; container[A,B] a custom container with children A and \
      B. They nest, and a container can be named too: Main=nav[A]. \
      Identifiers are unique per session.

      The controllers are created bottom-up and filled, then the window is \
      created and the tree becomes its root.

      Example:
        curtain new-window
        curtain new-window --size 1024x768 --clock manual
        curtain new-window --root 'tab[nav[Home,Detail],Settings]'
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Option(
    help: ArgumentHelp("The window's size in points (default 390x844).", valueName: "WxH"),
    transform: TargetName.size)
  var size: Curtain_V1_Size?

  @Option(
    help: ArgumentHelp(
      "The window's clock: \(Curtain_V1_ClockMode.nameTable.list()) (moved by `advance`)."))
  var clock = WireName(Curtain_V1_ClockMode.realtime)

  @Option(
    name: .customLong("frame-rate"),
    help: ArgumentHelp(
      "Frames per second while animating, 30 to 240 (default 60).", valueName: "fps"))
  var frameRate: UInt32?

  @Option(
    help: ArgumentHelp(
      "A controller tree to create as the root, as in 'nav[Home,Detail]'.", valueName: "spec"),
    transform: RootSpec.parse)
  var root: RootSpec?

  func validate() throws {
    if let frameRate, !(30...240).contains(frameRate) {
      throw ValidationError("--frame-rate must be between 30 and 240")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let rootRef = try root?.create { body in
      try connection.perform(body, mutating: true, wait: wait.waitUntil)
    }

    var create = Curtain_V1_CreateWindow()
    if let size { create.metrics.size = size }
    create.clock = clock.wire
    create.frameRate = frameRate ?? 0
    let response = try connection.perform(.createWindow(create), mutating: true)
    guard case .window(var window)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "window", got: response.resultName)
    }

    if let rootRef {
      var setRoot = Curtain_V1_SetRoot()
      setRoot.windowID = window.id
      setRoot.controller = rootRef
      try connection.perform(.setRoot(setRoot), mutating: true, wait: wait.waitUntil)
      if globals.json { window = try refreshed(window, connection) }
    }
    if globals.json {
      Output.json(OutputFormat.json(window))
    } else {
      Output.line(OutputFormat.windowName(window.id))
    }
  }
}

extension NewWindow {
  /// The window's summary after its root was set (revision, root, last seq).
  private func refreshed(_ window: Curtain_V1_WindowInfo, _ connection: DaemonConnection) throws
    -> Curtain_V1_WindowInfo
  {
    try connection.windows().first { $0.id == window.id } ?? window
  }
}
