import CurtainCLIKit
import CurtainWire
import XCTest

/// The CLI's human and JSON lines for events, frames and results, built from
/// wire messages and compared with golden strings.
final class OutputTests: XCTestCase {
  // MARK: Events

  func testLifecycleEvent() {
    var lifecycle = Curtain_V1_LifecycleEvent()
    lifecycle.controllerID = 3
    lifecycle.callback = .viewWillAppear
    lifecycle.animated = true
    let event = makeEvent(
      seq: 12, category: .lifecycle, text: "B.viewWillAppear(true)", trace: "cli-9-1"
    ) {
      $0.lifecycle = lifecycle
    }
    XCTAssertEqual(OutputFormat.human(event), "12  w1  B.viewWillAppear(true)")
    XCTAssertEqual(
      OutputFormat.json(event, identifiers: [3: "B"]).rendered,
      #"{"seq":12,"window":1,"revision":4,"time":0.25,"type":"lifecycle","controller":3,"#
        + #""identifier":"B","callback":"viewWillAppear","animated":true,"trace_id":"cli-9-1","#
        + #""text":"B.viewWillAppear(true)"}"#)
  }

  func testContainmentCallbacksCarryTheParent() {
    var lifecycle = Curtain_V1_LifecycleEvent()
    lifecycle.controllerID = 3
    lifecycle.callback = .willMoveToParent
    lifecycle.otherID = 2
    let event = makeEvent(seq: 2, category: .lifecycle, text: "B.willMove(Nav)") {
      $0.lifecycle = lifecycle
    }
    XCTAssertEqual(
      OutputFormat.json(event, identifiers: [2: "Nav"]).rendered,
      #"{"seq":2,"window":1,"revision":4,"time":0.25,"type":"lifecycle","controller":3,"#
        + #""identifier":null,"callback":"willMoveToParent","animated":null,"trace_id":null,"#
        + #""text":"B.willMove(Nav)","parent":2}"#)

    lifecycle.callback = .navigationDidShow
    lifecycle.controllerID = 2
    lifecycle.otherID = 3
    lifecycle.animated = false
    let show = makeEvent(seq: 3, category: .lifecycle, text: "Nav.didShow(B, false)") {
      $0.lifecycle = lifecycle
    }
    XCTAssertEqual(
      OutputFormat.json(show, identifiers: [2: "Nav"]).rendered,
      #"{"seq":3,"window":1,"revision":4,"time":0.25,"type":"lifecycle","controller":2,"#
        + #""identifier":"Nav","callback":"navigationDidShow","animated":false,"trace_id":null,"#
        + #""text":"Nav.didShow(B, false)","shown":3}"#)
  }

  func testPresentationEvent() {
    var presentation = Curtain_V1_PresentationEvent()
    presentation.presentedID = 3
    presentation.presentingID = 1
    presentation.phase = .presentationDidEnd
    presentation.completed = true
    let event = makeEvent(
      seq: 7, category: .presentation, text: "B.presentationTransitionDidEnd(true)"
    ) { $0.presentation = presentation }
    XCTAssertEqual(OutputFormat.human(event), "7  w1  B.presentationTransitionDidEnd(true)")
    XCTAssertEqual(
      OutputFormat.json(event, identifiers: [3: "B"]).rendered,
      #"{"seq":7,"window":1,"revision":4,"time":0.25,"type":"presentation","controller":3,"#
        + #""identifier":"B","callback":"presentationTransitionDidEnd","animated":null,"#
        + #""trace_id":null,"text":"B.presentationTransitionDidEnd(true)","presenting":1,"#
        + #""completed":true,"style":null}"#)

    presentation.phase = .adapted
    presentation.completed = false
    presentation.style = .fullScreen
    let adapted = makeEvent(seq: 8, category: .presentation, text: "B.adapted(fullScreen)") {
      $0.presentation = presentation
    }
    XCTAssertEqual(
      OutputFormat.json(adapted).rendered,
      #"{"seq":8,"window":1,"revision":4,"time":0.25,"type":"presentation","controller":3,"#
        + #""identifier":null,"callback":"adapted","animated":null,"trace_id":null,"#
        + #""text":"B.adapted(fullScreen)","presenting":1,"completed":null,"#
        + #""style":"fullScreen"}"#)
  }

  func testSegueEvents() {
    var prepare = Curtain_V1_SegueEvent()
    prepare.controllerID = 3
    prepare.callback = .prepare
    prepare.destinationID = 5
    let prepared = makeEvent(seq: 7, category: .lifecycle, text: "Home.prepare(unwind, List)") {
      $0.segue = prepare
    }
    XCTAssertEqual(
      OutputFormat.json(prepared, identifiers: [3: "Home"]).rendered,
      #"{"seq":7,"window":1,"revision":4,"time":0.25,"type":"lifecycle","controller":3,"#
        + #""identifier":"Home","callback":"prepareForSegue","animated":null,"trace_id":null,"#
        + #""text":"Home.prepare(unwind, List)","segue":null,"destination":5}"#)
    var asked = Curtain_V1_SegueEvent()
    asked.controllerID = 2
    asked.callback = .canPerformUnwind
    asked.action = "back"
    asked.sourceID = 5
    asked.answer = true
    let search = makeEvent(seq: 8, category: .lifecycle, text: "x") { $0.segue = asked }
    XCTAssertEqual(
      OutputFormat.json(search).rendered,
      #"{"seq":8,"window":1,"revision":4,"time":0.25,"type":"lifecycle","controller":2,"#
        + #""identifier":null,"callback":"canPerformUnwindSegueAction","animated":null,"#
        + #""trace_id":null,"text":"x","action":"back","source":5,"answer":true}"#)
  }

  func testStoryboardAndSegueResults() {
    var info = Curtain_V1_StoryboardInfo()
    info.name = "Shop"
    info.scenes = ["Nav"]
    info.segues = ["Nav/a", "Nav/b"]
    XCTAssertEqual(OutputFormat.human(info), "Shop: 1 scene, 2 segues")
    info.rootID = 1
    info.operation.windowID = 2
    XCTAssertEqual(OutputFormat.human(info), "Shop: 1 scene, 2 segues; root c1 in w2")
    var segue = Curtain_V1_SegueResult()
    XCTAssertEqual(OutputFormat.human(segue), "declined")
    segue.performed = true
    XCTAssertEqual(OutputFormat.human(segue), "queued")
    segue.operation.completed = true
    XCTAssertEqual(OutputFormat.human(segue), "done")
    segue.destinationID = 12
    XCTAssertEqual(OutputFormat.human(segue), "c12")
    XCTAssertEqual(
      OutputFormat.json(segue).rendered,
      #"{"performed":true,"destination":12,"operation":{"operation":null,"window":null,"#
        + #""queue_position":0,"revision":0,"transition":null,"completed":true,"#
        + #""cancelled":false,"removed":[],"created":[],"unchanged":false,"animator_not_used":false}}"#
    )
  }

  func testHierarchyEvent() {
    var hierarchy = Curtain_V1_HierarchyEvent()
    hierarchy.change = .viewControllers
    hierarchy.parentID = 2
    hierarchy.controllerIds = [3, 4]
    let event = makeEvent(seq: 5, category: .hierarchy, text: "Nav.viewControllers([A, B])") {
      $0.hierarchy = hierarchy
    }
    XCTAssertEqual(OutputFormat.human(event), "5  w1  Nav.viewControllers([A, B])")
    XCTAssertEqual(
      OutputFormat.json(event).rendered,
      #"{"seq":5,"window":1,"revision":4,"time":0.25,"type":"hierarchy","controller":null,"#
        + #""identifier":null,"callback":null,"animated":null,"trace_id":null,"#
        + #""text":"Nav.viewControllers([A, B])","change":"viewControllers","parent":2,"#
        + #""controllers":[3,4],"selected_index":null}"#)

    hierarchy = Curtain_V1_HierarchyEvent()
    hierarchy.change = .selection
    hierarchy.parentID = 1
    hierarchy.controllerID = 4
    hierarchy.selectedIndex = -1
    let selection = makeEvent(seq: 6, category: .hierarchy, text: "Tabs.selected(more, More)") {
      $0.hierarchy = hierarchy
    }
    XCTAssertEqual(
      OutputFormat.json(selection, identifiers: [4: ""]).rendered,
      #"{"seq":6,"window":1,"revision":4,"time":0.25,"type":"hierarchy","controller":4,"#
        + #""identifier":null,"callback":null,"animated":null,"trace_id":null,"#
        + #""text":"Tabs.selected(more, More)","change":"selection","parent":1,"#
        + #""controllers":[],"selected_index":-1}"#)
  }

  func testTransitionEvent() {
    var transition = Curtain_V1_TransitionEvent()
    transition.transitionID = 7
    transition.phase = .began
    transition.kind = "push"
    transition.containerID = 2
    transition.fromID = 3
    transition.toID = 4
    transition.animated = true
    transition.duration = 0.35
    let event = makeEvent(seq: 9, category: .transition, text: "t7 push began", trace: "cli-9-2") {
      $0.transition = transition
    }
    XCTAssertEqual(
      OutputFormat.json(event).rendered,
      #"{"seq":9,"window":1,"revision":4,"time":0.25,"type":"transition","controller":null,"#
        + #""identifier":null,"callback":null,"animated":true,"trace_id":"cli-9-2","#
        + #""text":"t7 push began","transition":7,"phase":"began","kind":"push","container":2,"#
        + #""from":3,"to":4,"interactive":false,"duration":0.35}"#)

    var ended = Curtain_V1_TransitionEvent()
    ended.transitionID = 7
    ended.phase = .ended
    ended.cancelled = true
    let end = makeEvent(seq: 10, category: .transition, text: "t7.ended", trace: "") {
      $0.transition = ended
    }
    XCTAssertEqual(
      OutputFormat.json(end).rendered,
      #"{"seq":10,"window":1,"revision":4,"time":0.25,"type":"transition","controller":null,"#
        + #""identifier":null,"callback":null,"animated":null,"trace_id":null,"#
        + #""text":"t7.ended","transition":7,"phase":"ended","cancelled":true}"#)

    var paused = Curtain_V1_TransitionEvent()
    paused.transitionID = 7
    paused.phase = .paused
    paused.percent = 0.25
    let pause = makeEvent(seq: 11, category: .transition, text: "t7.paused", trace: "") {
      $0.transition = paused
    }
    XCTAssertTrue(
      OutputFormat.json(pause).rendered.hasSuffix(#""phase":"paused","percent":0.25}"#))
  }

  func testOperationEventWithAnError() {
    var operation = Curtain_V1_OperationEvent()
    operation.operationID = 4
    operation.phase = .failed
    operation.error.code = .notFound
    operation.error.message = "Window 1 was closed"
    let event = makeEvent(seq: 10, category: .operation, text: "o4 failed") {
      $0.operation = operation
    }
    XCTAssertEqual(
      OutputFormat.json(event).rendered,
      #"{"seq":10,"window":1,"revision":4,"time":0.25,"type":"operation","controller":null,"#
        + #""identifier":null,"callback":null,"animated":null,"trace_id":null,"text":"o4 failed","#
        + #""operation":4,"phase":"failed","position":0,"cancelled":false,"removed":[],"#
        + #""error":{"code":"NOT_FOUND","message":"Window 1 was closed"}}"#)
  }

  func testWindowEventAndEventsInNoWindow() {
    var window = Curtain_V1_WindowEvent()
    window.change = .resized
    window.size.width = 844
    window.size.height = 390
    window.visible = true
    var event = makeEvent(seq: 1, category: .window, text: "w1 resized to 844×390") {
      $0.window = window
    }
    XCTAssertEqual(
      OutputFormat.json(event).rendered,
      #"{"seq":1,"window":1,"revision":4,"time":0.25,"type":"window","controller":null,"#
        + #""identifier":null,"callback":null,"animated":null,"trace_id":null,"#
        + #""text":"w1 resized to 844×390","change":"resized","size":[844,390],"visible":true}"#)
    event.windowID = 0
    XCTAssertEqual(OutputFormat.human(event), "1  -  w1 resized to 844×390")
  }

  // MARK: Frames

  func testFrame() {
    var frame = WireFrame()
    frame.windowID = 1
    frame.frameSeq = 7
    frame.modelTime = 0.25
    frame.framesSkipped = 2
    frame.views = [
      makeView(12, controller: 3, frame: [97.5, 0, 390, 844], alpha: 1),
      makeView(
        14, controller: 4, frame: [0, 0, 390, 844], alpha: 0.8, transform: [0.9, 0, 0, 0.9, 0, 0]),
      makeView(
        20, controller: 0, frame: [-0.25, 1.0 / 3, 390, 44], alpha: 0.123456, role: "navigationBar"),
    ]
    var progress = Curtain_V1_TransitionProgress()
    progress.transitionID = 3
    progress.percent = 0.425
    frame.transitions = [progress]
    XCTAssertEqual(
      OutputFormat.human(frame),
      "7  w1  t=0.250  v12 (97.5, 0, 390, 844) α=1  "
        + "v14 (0, 0, 390, 844) α=0.8 T=(0.9, 0, 0, 0.9, 0, 0)  "
        + "v20 (-0.25, 0.3333, 390, 44) α=0.1235  t3 42.5%  (skipped 2)")
    XCTAssertEqual(
      OutputFormat.json(frame).rendered,
      #"{"window":1,"frame_seq":7,"time":0.25,"frames_skipped":2,"views":["#
        + #"{"view":12,"controller":3,"role":"controllerRoot","frame":[97.5,0,390,844],"#
        + #""bounds":[0,0,390,844],"alpha":1,"transform":[1,0,0,1,0,0],"corner_radius":0},"#
        + #"{"view":14,"controller":4,"role":"controllerRoot","frame":[0,0,390,844],"#
        + #""bounds":[0,0,390,844],"alpha":0.8,"transform":[0.9,0,0,0.9,0,0],"corner_radius":0},"#
        + #"{"view":20,"controller":null,"role":"navigationBar","frame":[-0.25,0.333333333,390,44],"#
        + #""bounds":[0,0,390,44],"alpha":0.123456,"transform":[1,0,0,1,0,0],"corner_radius":0}],"#
        + #""transitions":[{"transition":3,"percent":0.425,"interactive":false}]}"#)
  }

  func testEmptyFrame() {
    var frame = WireFrame()
    frame.windowID = 2
    frame.frameSeq = 1
    XCTAssertEqual(OutputFormat.human(frame), "1  w2  t=0.000")
    XCTAssertEqual(
      OutputFormat.json(frame).rendered,
      #"{"window":2,"frame_seq":1,"time":0,"frames_skipped":0,"views":[],"transitions":[]}"#)
  }

  // MARK: Results

  func testWindowInfo() {
    var window = Curtain_V1_WindowInfo()
    window.id = 1
    window.metrics.size.width = 390
    window.metrics.size.height = 844
    window.metrics.safeArea.top = 47
    window.metrics.safeArea.bottom = 34
    window.traits.horizontal = .compact
    window.traits.vertical = .regular
    window.traits.displayScale = 3
    window.frameRate = 60
    window.speed = 1
    window.visible = true
    window.revision = 4
    window.time = 1.5
    window.rootID = 3
    window.lastSeq = 17
    window.idle = true
    XCTAssertEqual(
      OutputFormat.human(window), "w1  390×844  realtime 60Hz  root c3  revision 4  seq 17  idle")
    XCTAssertEqual(
      OutputFormat.json(window).rendered,
      #"{"window":1,"size":[390,844],"safe_area":[47,0,34,0],"scale":3,"horizontal":"compact","#
        + #""vertical":"regular","idiom":"phone","clock":"realtime","frame_rate":60,"speed":1,"#
        + #""visible":true,"revision":4,"time":1.5,"root":3,"last_seq":17,"idle":true,"#
        + #""queued_operations":0}"#)
    // In slow motion (set-window-speed) it says so.
    window.speed = 0.25
    XCTAssertEqual(
      OutputFormat.human(window),
      "w1  390×844  realtime 60Hz  speed 0.25  root c3  revision 4  seq 17  idle")
    XCTAssertTrue(OutputFormat.json(window).rendered.contains(#""frame_rate":60,"speed":0.25,"#))
    window.speed = 1
    window.idle = false
    window.queuedOperations = 2
    window.visible = false
    window.clock = .manual
    window.rootID = 0
    XCTAssertEqual(
      OutputFormat.human(window),
      "w1  390×844  manual 60Hz  no root  revision 4  seq 17  busy, 2 queued  hidden")
  }

  func testOperationResultAndErrors() {
    var operation = Curtain_V1_OperationResult()
    operation.operationID = 5
    operation.windowID = 1
    operation.revision = 9
    operation.transitionID = 2
    operation.completed = true
    operation.removedIds = [4]
    XCTAssertEqual(
      OutputFormat.json(operation).rendered,
      #"{"operation":5,"window":1,"queue_position":0,"revision":9,"transition":2,"#
        + #""completed":true,"cancelled":false,"removed":[4],"created":[],"unchanged":false,"animator_not_used":false}"#
    )
    XCTAssertEqual(WireErrorCode.alreadyPresenting.name, "ALREADY_PRESENTING")
    XCTAssertEqual(WireErrorCode.internal.name, "INTERNAL")
  }

  func testViewTree() {
    var root = Curtain_V1_ViewNode()
    root.id = 1
    root.role = "window"
    root.state.frame.width = 390
    root.state.frame.height = 844
    root.state.alpha = 1
    var child = Curtain_V1_ViewNode()
    child.id = 5
    child.role = "controllerRoot"
    child.controllerID = 3
    child.state.frame.width = 390
    child.state.frame.height = 844
    child.state.alpha = 0.5
    child.hidden = true
    root.subviews = [child]
    XCTAssertEqual(
      OutputFormat.human(root),
      """
      v1 window (0, 0, 390, 844) α=1
         | v5 controllerRoot c3 (0, 0, 390, 844) α=0.5 hidden
      """)
  }

  // MARK: Numbers and strings

  func testDecimals() {
    XCTAssertEqual(OutputFormat.decimal(97.5), "97.5")
    XCTAssertEqual(OutputFormat.decimal(2), "2")
    XCTAssertEqual(OutputFormat.decimal(-1.5), "-1.5")
    XCTAssertEqual(OutputFormat.decimal(1.0 / 3), "0.3333")
    XCTAssertEqual(OutputFormat.decimal(-0.00001), "0", "no negative zero")
    XCTAssertEqual(OutputFormat.decimal(0.25, fixed: 3), "0.250")
    XCTAssertEqual(OutputFormat.decimal(12.3456, places: 1), "12.3")
    XCTAssertEqual(OutputFormat.decimal(.nan), "nan")
    XCTAssertEqual(OutputFormat.decimal(57.4, fixed: 0), "57", "no decimals at all")
    XCTAssertEqual(OutputFormat.decimal(99.5, places: 0), "100")
  }

  func testJSONNumbersAndStrings() {
    XCTAssertEqual(JSONValue.number(0.1 + 0.2).rendered, "0.3", "no binary-fraction noise")
    XCTAssertEqual(JSONValue.number(1.0 / 3).rendered, "0.333333333", "nine decimals")
    XCTAssertEqual(JSONValue.number(2.9999999999).rendered, "3")
    XCTAssertEqual(JSONValue.number(-0.0).rendered, "0")
    XCTAssertEqual(JSONValue.number(1e-7).rendered, "1e-07")
    XCTAssertEqual(JSONValue.number(1e20).rendered, "1e+20")
    XCTAssertEqual(JSONValue.number(.infinity).rendered, "null")
    XCTAssertEqual(JSONValue.unsigned(.max).rendered, "18446744073709551615")
    XCTAssertEqual(
      JSONValue.string("a\"b\\c\n\t\u{1}é\u{7F}").rendered, #""a\"b\\c\n\t\u0001é\u007f""#)
    XCTAssertEqual(
      JSONValue.object([("z", .null), ("a", .array([.bool(true), .integer(-3)]))]).rendered,
      #"{"z":null,"a":[true,-3]}"#, "keys keep their order")
  }

  // MARK: Helpers

  private func makeEvent(
    seq: UInt64, category: Curtain_V1_EventCategory, text: String, trace: String = "",
    _ configure: (inout WireEvent) -> Void
  ) -> WireEvent {
    var event = WireEvent()
    event.windowID = 1
    event.seq = seq
    event.revision = 4
    event.time = 0.25
    event.category = category
    event.text = text
    event.traceID = trace
    configure(&event)
    return event
  }

  private func makeView(
    _ id: UInt64, controller: UInt64, frame: [Double], alpha: Double, transform: [Double]? = nil,
    role: String = "controllerRoot"
  ) -> Curtain_V1_ViewFrame {
    var view = Curtain_V1_ViewFrame()
    view.viewID = id
    view.controllerID = controller
    view.role = role
    view.state.frame.x = frame[0]
    view.state.frame.y = frame[1]
    view.state.frame.width = frame[2]
    view.state.frame.height = frame[3]
    view.state.bounds.width = frame[2]
    view.state.bounds.height = frame[3]
    view.state.alpha = alpha
    if let transform {
      view.state.transform.a = transform[0]
      view.state.transform.b = transform[1]
      view.state.transform.c = transform[2]
      view.state.transform.d = transform[3]
      view.state.transform.tx = transform[4]
      view.state.transform.ty = transform[5]
    }
    return view
  }
}
