// `curtain new-window`: create a window, optionally with a whole controller
// tree as its root (`--root 'Tabs=tab[Nav=nav[Home],Settings]'`), in one
// request: a tree that cannot be built creates nothing.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Creates a window.
struct NewWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-window",
    abstract: "Create a window and print its name (w1).",
    discussion: """
      --root builds a controller tree and makes it the window's root: a \
      bare name is a content controller with that identifier; nav[A,B] is a \
      navigation controller with the stack A, B; tab[A,B] a tab bar \
      controller with those tabs; container[A,B] a custom container with \
      children A and B; split[A,B] a split view controller with primary A \
      and secondary B (at most two columns); page[A,B,…] a page view \
      controller with A, B, … as its data source, showing the first pages. \
      They nest, and a container can be named too: Main=nav[A]. Identifiers \
      are unique per session.

      collection[…] is a collection view controller, which contains no \
      controllers; the brackets hold the options of `new-controller \
      collection`, separated by commas: items=N, item-size=WxH, spacing=P, \
      line-spacing=P, section-inset=T:L:B:R, or frames=X:Y:W:H;X:Y:W:H… \
      (numbers inside a value separated by ':'), and layout-to-layout. \
      Grid=collection[items=6,item-size=100x100] is six items in a flow \
      layout, collection[frames=0:0:50:50;60:0:80:80] two items where the \
      frames say. In the last example the stack is Grid then Zoom, and \
      popping Zoom moves its four items back into Grid's layout.

      The window and its tree are created by one request: when anything is \
      wrong (an identifier already taken, say), nothing is created. The \
      command prints the window's name, which later commands use: \
      w=$(curtain new-window …) keeps it for them. The safe area, scale, \
      idiom and size classes default to an iPhone's; size classes follow \
      the size unless given.

      Example:
        curtain new-window
          w1
        curtain new-window --size 1024x768 --idiom pad --clock manual
          w2
        w=$(curtain new-window --root 'Tabs=tab[Feed=nav[Home,Detail],Settings]')
        curtain tree $w
        curtain new-window --size 1024x768 --root 'Split=split[Menu,Content]'
        grid='Grid=collection[items=4]'
        zoom='Zoom=collection[items=4,item-size=150x150,layout-to-layout]'
        curtain new-window --root "Photos=nav[$grid,$zoom]"
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
  var frameRate: Int?

  @Option(
    help: ArgumentHelp(
      "A controller tree to create as the root: nav[…], tab[…], container[…], split[…], "
        + "page[…], collection[…], as in 'Tabs=tab[Nav=nav[Home],Settings]'.",
      valueName: "spec"),
    transform: RootSpec.parse)
  var root: RootSpec?

  @OptionGroup(title: "Safe area, scale and traits") var metrics: MetricsOptions

  func validate() throws {
    if let frameRate, !(30...240).contains(frameRate) {
      throw ValidationError("--frame-rate must be between 30 and 240, got \(frameRate)")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var create = Curtain_V1_CreateWindow()
    create.metrics = metrics.applied(to: Curtain_V1_WindowMetrics())
    if let size { create.metrics.size = size }
    create.clock = clock.wire
    create.frameRate = frameRate.map { UInt32($0) } ?? 0
    if let root { create.root = root.wire }
    let response = try connection.perform(
      .createWindow(create), mutating: true, wait: wait.waitUntil)
    guard case .window(let window)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "window", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(window))
    } else {
      Output.line(OutputFormat.windowName(window.id))
    }
  }
}
