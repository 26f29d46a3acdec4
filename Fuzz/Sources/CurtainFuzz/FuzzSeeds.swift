// The seed corpus: short, valid conversations like the CLI's golden
// sessions (Tests/CurtainCLITests/Golden) — navigation, interactive pops
// finished and cancelled, presentation, tabs, resizing, closing a window
// mid-transition, subscriptions, waits, TCP with the token, collection
// view controllers (a root spec's collections, a layout-to-layout push and
// pop, set-layout, an interactive layout transition). Built from the
// generated types, so the seeds stay valid as the protocol grows;
// `curtain-fuzz` writes them when CURTAIN_FUZZ_WRITE_SEEDS names a
// directory (scripts/fuzz.sh).

import CurtainWire
import Foundation

enum FuzzSeeds {
  /// Each seed's file name and bytes (flags byte, then framed messages).
  static var all: [(name: String, bytes: [UInt8])] {
    [
      ("hello-status", seed([hello(), sync(), status(), { $0.listSessions = .init() }])),
      ("tcp-token", seed(flags: 1, [hello(), status()])),
      ("tcp-bad-token", seed(flags: 1, [hello(token: "wrong"), status()])),
      ("read-only", seed(flags: 2 | 4, navigation() + [push("B")])),
      (
        "navigation",
        seed(
          [hello()] + subscribe() + navigation() + [
            push("B"), advance(1), pop(), advance(1), tree(), waitIdle(),
          ])
      ),
      (
        "interactive-finish",
        seed(
          [hello()] + subscribe() + navigation() + [
            push("B", animated: false), begin(.pop, "Nav"), update(0.5), finish(), advance(1),
            tree(),
          ])
      ),
      (
        "interactive-cancel",
        seed(
          [hello()] + subscribe() + navigation() + [
            push("B", animated: false), begin(.pop, "Nav"), update(0.25), cancel(), advance(1),
          ])
      ),
      (
        "presentation",
        seed(
          [hello()] + subscribe() + navigation() + [
            present("B", on: "Nav"), advance(1), dismiss("B"), advance(1), tree(),
          ])
      ),
      ("tabs", seed([hello()] + tabs() + [selectTab(1), advance(1), selectTab(0), tree()])),
      ("resize", seed([hello()] + navigation() + [resize(844, 390), advance(1), tree()])),
      (
        "close-mid-push",
        seed(
          [hello()] + subscribe() + navigation() + [
            push("B"), advance(0.1), { $0.listTransitions.windowID = 1 },
            { $0.closeWindow.windowID = 1 },
            { $0.listControllers = .init() },
          ])
      ),
      (
        "queued",
        seed(
          [hello()] + navigation() + [
            push("B"), pop(), push("B"), pop(), waitIdle(), advance(2),
          ])
      ),
      (
        "wait-completed",
        seed(
          [hello()] + navigation() + [
            {
              $0.waitUntil = .completed
              $0.push.navigation = ref("Nav")
              $0.push.controller = ref("B")
            },
            advance(1),
          ])
      ),
      ("realtime-ticks", seed(flags: 2 | (6 << 3), realtimeNavigation() + [push("B"), pop()])),
      (
        "slow-motion",
        seed(
          flags: 2 | (6 << 3),
          realtimeNavigation() + [speed(0.25), push("B"), speed(3), pop(), speed(1)])
      ),
      (
        "trace",
        seed(
          [hello()] + navigation() + [
            push("B"), advance(0.1), { $0.getTrace.windowID = 1 },
            {
              $0.getTrace.windowID = 1
              $0.getTrace.clock = .wall
              $0.getTrace.sinceSeq = 3
              $0.getTrace.sinceFrameSeq = 1
            },
            pop(), { $0.getTrace = .init() },
          ])
      ),
      (
        "recording",
        seed(
          [hello()] + navigation() + [
            push("B"), advance(0.1), { $0.record.windowID = 1 },
            { $0.record.markOnly = true },
            {
              $0.record.windowID = 1
              $0.record.fromSeq = 3
            },
            pop(), { $0.record.fromInput = 2 },
            {
              $0.checkRecording.document = Data(
                #"{"kind": "curtain.recording", "version": 1}"#.utf8)
            },
          ])
      ),
      (
        "export-kill",
        seed(
          [hello()] + navigation() + [
            { $0.exportSession = .init() },
            {
              $0.session = "other"
              $0.createWindow = .init()
            },
            { $0.killSession.name = "other" }, { $0.listSessions = .init() },
          ])
      ),
      (
        "collection",
        seed(
          [hello()] + subscribe() + collections() + [
            push("Large"), advance(0.2), tree(), advance(1), pop(), advance(1),
            setLayout(frames: 4), advance(1), begin(.layout, "Small", layout: flow(60)),
            update(0.5, transition: 3), advance(0.01), cancel(transition: 3), advance(1),
            begin(.layout, "Small", layout: flow(80)), update(0.7, transition: 4),
            finish(transition: 4), advance(1), tree(),
          ])
      ),
      (
        "shutdown",
        seed([hello()] + navigation() + [push("B"), waitIdle(), { $0.shutdown = .init() }])
      ),
    ]
  }

  typealias Step = (inout WireRequest) -> Void

  /// The flags byte and the framed requests, numbered from 1.
  static func seed(flags: UInt8 = 0, _ steps: [Step]) -> [UInt8] {
    var bytes = [flags]
    for (index, step) in steps.enumerated() {
      var message = ClientMessage()
      message.request.requestID = UInt64(index + 1)
      step(&message.request)
      bytes += (try? WireCodec.framed(message)) ?? []
    }
    return bytes
  }

  static func ref(_ identifier: String) -> Curtain_V1_ControllerRef {
    var ref = Curtain_V1_ControllerRef()
    ref.identifier = identifier
    return ref
  }

  static func hello(token: String = fuzzToken) -> Step {
    {
      $0.hello.protocolVersion = protocolVersion
      $0.hello.clientName = "seed"
      $0.hello.token = token
    }
  }

  static func sync() -> Step { { $0.sync = .init() } }
  static func status() -> Step { { $0.getStatus = .init() } }
  static func tree() -> Step {
    {
      $0.getTree.windowID = 1
      $0.getTree.includeViews = true
    }
  }
  static func waitIdle() -> Step { { $0.waitIdle.windowID = 1 } }
  static func advance(_ seconds: Double) -> Step {
    {
      $0.advanceClock.windowID = 1
      $0.advanceClock.seconds = seconds
    }
  }

  static func subscribe() -> [Step] {
    [
      {
        $0.subscribe.events = true
        $0.subscribe.frames = true
      }
    ]
  }

  static func controllers(_ names: [(Curtain_V1_ControllerKind, String)]) -> [Step] {
    names.map { kind, name in
      {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
  }

  /// Window 1 (manual clock) whose root is `Nav=nav[A]`; `B` in no window.
  static func navigation(clock: Curtain_V1_ClockMode = .manual) -> [Step] {
    [{ $0.createWindow.clock = clock }]
      + controllers([(.navigation, "Nav"), (.content, "A"), (.content, "B")]) + [
        {
          $0.setStack.navigation = ref("Nav")
          $0.setStack.controllers = [ref("A")]
        },
        {
          $0.setRoot.windowID = 1
          $0.setRoot.controller = ref("Nav")
        },
      ]
  }

  static func realtimeNavigation() -> [Step] { navigation(clock: .realtime) }

  /// A flow layout of `size`-point square items.
  static func flow(_ size: Double) -> Curtain_V1_CollectionLayout {
    var layout = Curtain_V1_CollectionLayout()
    layout.flow.itemSize.width = size
    layout.flow.itemSize.height = size
    return layout
  }

  /// Window 1 (manual clock) created with the root
  /// `Nav=nav[Small=collection[items=4]]`; `Large` (four 150-point items,
  /// layout-to-layout) in no window.
  static func collections() -> [Step] {
    [
      {
        $0.createWindow.clock = .manual
        $0.createWindow.root.kind = .navigation
        $0.createWindow.root.identifier = "Nav"
        var small = Curtain_V1_ControllerSpec()
        small.kind = .collection
        small.identifier = "Small"
        small.collection.itemCount = 4
        $0.createWindow.root.children = [small]
      },
      {
        $0.createController.kind = .collection
        $0.createController.identifier = "Large"
        $0.createController.collection.itemCount = 4
        $0.createController.collection.layout = flow(150)
        $0.createController.collection.layoutToLayout = true
      },
    ]
  }

  /// Sets `Small`'s layout to `count` item frames, without animation.
  static func setLayout(frames count: Int) -> Step {
    {
      $0.setCollectionLayout.collection = ref("Small")
      $0.setCollectionLayout.layout.frames.frames = (0..<count).map { index in
        var frame = Curtain_V1_Rect()
        frame.x = Double(index) * 100
        frame.width = 100
        frame.height = 100
        return frame
      }
      $0.setCollectionLayout.notAnimated = true
    }
  }

  /// Window 1 whose root is a tab bar of `A` and `B`.
  static func tabs() -> [Step] {
    [{ $0.createWindow.clock = .manual }]
      + controllers([(.tabBar, "Tabs"), (.content, "A"), (.content, "B")]) + [
        {
          $0.setTabs.tabBar = ref("Tabs")
          $0.setTabs.controllers = [ref("A"), ref("B")]
        },
        {
          $0.setRoot.windowID = 1
          $0.setRoot.controller = ref("Tabs")
        },
      ]
  }

  static func push(_ name: String, animated: Bool = true) -> Step {
    {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref(name)
      $0.push.notAnimated = !animated
    }
  }

  static func pop() -> Step { { $0.pop.navigation = ref("Nav") } }

  static func present(_ name: String, on presenter: String) -> Step {
    {
      $0.present.presenter = ref(presenter)
      $0.present.controller = ref(name)
    }
  }

  static func dismiss(_ name: String) -> Step { { $0.dismiss.controller = ref(name) } }

  static func selectTab(_ index: UInt32) -> Step {
    {
      $0.selectTab.tabBar = ref("Tabs")
      $0.selectTab.index = index
    }
  }

  static func speed(_ speed: Double) -> Step {
    {
      $0.setWindowSpeed.windowID = 1
      $0.setWindowSpeed.speed = speed
    }
  }

  static func resize(_ width: Double, _ height: Double) -> Step {
    {
      $0.resizeWindow.windowID = 1
      $0.resizeWindow.metrics.size.width = width
      $0.resizeWindow.metrics.size.height = height
    }
  }

  static func begin(
    _ kind: Curtain_V1_BeginInteractive.Kind, _ name: String,
    layout: Curtain_V1_CollectionLayout? = nil
  ) -> Step {
    {
      $0.beginInteractive.kind = kind
      $0.beginInteractive.controller = ref(name)
      if let layout { $0.beginInteractive.layout = layout }
    }
  }

  static func update(_ percent: Double, transition: UInt64 = 1) -> Step {
    {
      $0.updateInteractive.windowID = 1
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = percent
    }
  }

  static func finish(transition: UInt64 = 1) -> Step {
    {
      $0.finishInteractive.windowID = 1
      $0.finishInteractive.transitionID = transition
    }
  }

  static func cancel(transition: UInt64 = 1) -> Step {
    {
      $0.cancelInteractive.windowID = 1
      $0.cancelInteractive.transitionID = transition
    }
  }
}
