import CurtainCore
import XCTest

@testable import CurtainWire

/// Conversions between the core and the wire.
final class MappingTests: XCTestCase {
  func testGeometryRoundTrips() {
    let rect = Rect(x: 1.5, y: -2, width: 30, height: 40)
    XCTAssertEqual(Rect(Curtain_V1_Rect(rect)), rect)
    let transform = AffineTransform(rotationAngle: 0.3)
    XCTAssertEqual(AffineTransform(Curtain_V1_Transform(transform)), transform)
    let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    XCTAssertEqual(EdgeInsets(Curtain_V1_EdgeInsets(insets)), insets)
  }

  func testMetricsDefaultsAndOverrides() {
    XCTAssertEqual(WindowMetrics(Curtain_V1_WindowMetrics()), WindowMetrics())
    var wire = Curtain_V1_WindowMetrics()
    wire.size = Curtain_V1_Size(Size(width: 1024, height: 768))
    wire.safeArea = Curtain_V1_EdgeInsets()
    var metrics = WindowMetrics(wire)
    XCTAssertEqual(metrics.size, Size(width: 1024, height: 768))
    XCTAssertEqual(metrics.safeAreaInsets, .zero, "an explicit empty safe area is zero")
    XCTAssertNil(metrics.traits)
    wire.traits.horizontal = .compact
    wire.traits.vertical = .regular
    metrics = WindowMetrics(wire)
    XCTAssertEqual(metrics.traits?.horizontalSizeClass, .compact)
    XCTAssertEqual(WindowMetrics(Curtain_V1_WindowMetrics(metrics)), metrics)
  }

  func testASingleSizeClassOverridesItsAxisAndTheOtherFollowsTheSize() {
    var wire = Curtain_V1_WindowMetrics()
    wire.size = Curtain_V1_Size(Size(width: 1024, height: 400))
    wire.scale = 2
    wire.traits.horizontal = .compact
    XCTAssertEqual(
      WindowMetrics(wire).traits,
      TraitCollection(
        horizontalSizeClass: .compact, verticalSizeClass: .compact, displayScale: 2,
        userInterfaceIdiom: .phone),
      "400 pt high is vertically compact")
    wire.traits = Curtain_V1_Traits()
    wire.traits.vertical = .regular
    XCTAssertEqual(
      WindowMetrics(wire).traits,
      TraitCollection(
        horizontalSizeClass: .regular, verticalSizeClass: .regular, displayScale: 2,
        userInterfaceIdiom: .phone),
      "1024 pt wide is horizontally regular")
    wire.traits = Curtain_V1_Traits()
    wire.traits.horizontal = Curtain_V1_SizeClass(rawValue: 9)!
    XCTAssertNil(WindowMetrics(wire).traits, "an unknown size class counts as unspecified")
  }

  func testTimingFunctions() throws {
    XCTAssertEqual(try TimingFunction(nil), .easeInOut)
    var wire = Curtain_V1_TimingFunction()
    wire.named = .linear
    XCTAssertEqual(try TimingFunction(wire), .linear)
    wire.bezier = Curtain_V1_CubicBezier()
    wire.bezier.x1 = 2
    XCTAssertThrowsError(try TimingFunction(wire))
    wire.spring = Curtain_V1_DurationSpring()
    XCTAssertThrowsError(try TimingFunction(wire), "a spring needs a duration")
    wire.spring.duration = 0.5
    wire.spring.dampingRatio = 0.7
    XCTAssertEqual(try TimingFunction(wire), .spring(Spring(duration: 0.5, dampingRatio: 0.7)))
  }

  /// A physical spring comes to rest at its settling time, or at the
  /// duration it is given: so any spring, made from a duration and a
  /// damping ratio too, is its own five numbers.
  func testAPhysicalSpringTakesADuration() throws {
    let made = Spring(duration: 0.45, dampingRatio: 0.6, initialVelocity: 1)
    var wire = Curtain_V1_TimingFunction()
    wire.physicalSpring.mass = made.mass
    wire.physicalSpring.stiffness = made.stiffness
    wire.physicalSpring.damping = made.damping
    wire.physicalSpring.initialVelocity = made.initialVelocity
    XCTAssertNotEqual(try TimingFunction(wire), .spring(made), "the settling time")
    wire.physicalSpring.duration = made.duration
    XCTAssertEqual(try TimingFunction(wire), .spring(made))
    for bad in [0, -1, Double.infinity, .nan] {
      wire.physicalSpring.duration = bad
      XCTAssertThrowsError(try TimingFunction(wire), "duration \(bad)") {
        XCTAssertEqual(
          ($0 as? CurtainError)?.message, "A physical spring's duration must be finite and positive"
        )
      }
    }
  }

  func testAnimatorSpecs() throws {
    var track = Curtain_V1_Track()
    track.target.role = .toView
    track.property = .frame
    track.from.base = .finalFrame
    track.from.containerOffsetX = 1
    track.to.base = .finalFrame
    var wire = Curtain_V1_AnimatorSpec()
    wire.duration = 0.35
    wire.tracks = [track]
    let spec = try AnimatorSpec(wire)
    XCTAssertEqual(spec.tracks.first?.from, .containerOffset(.finalFrame, dx: 1, dy: 0))
    XCTAssertEqual(spec.tracks.first?.relativeDuration, 1)
    XCTAssertEqual(spec.tracks.first?.timing, .easeInOut)
    wire.tracks[0].property = .alpha
    XCTAssertThrowsError(try AnimatorSpec(wire)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument)
    }
    wire.tracks[0].property = .unspecified
    XCTAssertThrowsError(try AnimatorSpec(wire))
  }

  func testAnimatorCompletionValues() throws {
    // Seed 004's bounce: the from-view's alpha back to 1 in the completion.
    let json = #"""
      {"duration": 1, "tracks": [],
       "completion": [{"target": {"role": "ROLE_FROM_VIEW"},
                       "property": "ANIMATABLE_PROPERTY_ALPHA",
                       "value": {"base": "BASE_VALUE", "value": {"scalar": 1}}}]}
      """#
    let wire = try Curtain_V1_AnimatorSpec(jsonString: json)
    let spec = try AnimatorSpec(wire)
    XCTAssertEqual(
      spec.completion, [CompletionValue(target: .fromView, property: .alpha, value: .scalar(1))])
    XCTAssertEqual(try AnimatorSpec(Curtain_V1_AnimatorSpec(spec)), spec, "round trip")

    func refusal(_ edit: (inout Curtain_V1_AnimatorSpec) -> Void) -> String? {
      var changed = wire
      edit(&changed)
      do {
        _ = try AnimatorSpec(changed)
        return nil
      } catch {
        return (error as? CurtainError)?.message
      }
    }
    XCTAssertEqual(
      refusal { $0.completion.append($0.completion[0]) },
      "The completion sets alpha of the from-view twice")
    XCTAssertEqual(
      refusal { $0.completion[0].property = .unspecified },
      "completion[0].property: A completion value needs a property")
    XCTAssertEqual(
      refusal { $0.completion[0].property = .frame },
      "completion[0]: A scalar value cannot animate frame")
    XCTAssertEqual(
      refusal { $0.completion[0].target.role = .view },
      "completion[0].target.view_id: A completion value on a view needs a view id")
    XCTAssertEqual(
      refusal { $0.completion[0].value = Curtain_V1_ValueSpec() },
      "completion[0]: A completion value needs a value: the current one alone (BASE_CURRENT "
        + "without an offset) leaves alpha where the tracks left it")
    XCTAssertEqual(
      refusal {
        $0.duration = 0
        $0.builtIn.duration = 1
      },
      "An animator that re-times the built-in look (built_in) has no duration, tracks or "
        + "completion values of its own")
  }

  func testTheExampleAnimatorsParse() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/examples/animators").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertEqual(
      names, ["bounce.json", "slide-left.json", "slide-right.json", "small-window.json"])
    for name in names {
      let data = try Data(contentsOf: directory.appendingPathComponent(name))
      XCTAssertNoThrow(try AnimatorSpec(Curtain_V1_AnimatorSpec(jsonUTF8Data: data)), name)
    }
    // Seed 004's bounce restores the presenter's alpha in its completion.
    let bounce = try AnimatorSpec(
      Curtain_V1_AnimatorSpec(
        jsonUTF8Data: Data(contentsOf: directory.appendingPathComponent("bounce.json"))))
    XCTAssertEqual(bounce.duration, 1)
    XCTAssertEqual(
      bounce.completion, [CompletionValue(target: .fromView, property: .alpha, value: .scalar(1))])
  }

  func testEventsCarryEverything() throws {
    let session = Session()
    let window = try session.makeWindow(clockMode: .manual)
    let nav = try session.makeController(kind: .navigation, identifier: "Nav")
    let a = try session.makeController(kind: .content, identifier: "A")
    try session.submit(
      .setViewControllers(navigation: nav.id, controllers: [a.id], animated: false, animator: nil))
    try session.submit(
      .setRoot(window: window.id, controller: nav.id), options: OperationOptions(traceID: "x"))
    let events = try XCTUnwrap(window.events(after: 0))
    let wire = events.map { Curtain_V1_Event($0, session: session, subscription: 3) }
    XCTAssertEqual(wire.map(\.seq), events.map(\.seq))
    let willAppear = try XCTUnwrap(wire.first { $0.text == "A.viewWillAppear(false)" })
    XCTAssertEqual(willAppear.lifecycle.callback, .viewWillAppear)
    XCTAssertEqual(willAppear.lifecycle.controllerID, a.id.rawValue)
    XCTAssertEqual(willAppear.traceID, "x")
    XCTAssertEqual(willAppear.windowID, window.id.rawValue)
    XCTAssertEqual(willAppear.subscriptionID, 3)
    XCTAssertEqual(willAppear.category, .lifecycle)
    let root = try XCTUnwrap(wire.first { $0.hierarchy.change == .root })
    XCTAssertEqual(root.hierarchy.controllerID, nav.id.rawValue)
  }

  func testErrorsRoundTrip() {
    for code in ErrorCode.allCases {
      let error = CurtainError(code, "m")
      XCTAssertEqual(CurtainError(Curtain_V1_Error(error)), error)
    }
  }
}

/// Modal presentation values on the wire.
final class PresentationMappingTests: XCTestCase {
  func testStylesRoundTrip() throws {
    for style in ModalPresentationStyle.allCases {
      XCTAssertEqual(try ModalPresentationStyle(style.wire), style)
    }
    for style in ModalTransitionStyle.allCases {
      XCTAssertEqual(try ModalTransitionStyle(style.wire), style)
    }
    XCTAssertThrowsError(try ModalPresentationStyle(.UNRECOGNIZED(42)))
    XCTAssertThrowsError(try ModalTransitionStyle(.UNRECOGNIZED(42)))
  }

  func testPresentOptionsFromARequest() throws {
    var wire = Curtain_V1_Present()
    XCTAssertEqual(
      try PresentOptions(wire), PresentOptions(), "absent fields keep the controller's")
    wire.style = .popover
    wire.transitionStyle = .crossDissolve
    wire.preferredContentSize.width = 200
    wire.popover.sourceViewID = 7
    wire.popover.permittedArrowDirections = 0
    XCTAssertEqual(
      try PresentOptions(wire),
      PresentOptions(
        style: .popover, transitionStyle: .crossDissolve,
        preferredContentSize: Size(width: 200, height: 0),
        popover: PopoverSource(view: ViewID(7), permittedArrowDirections: [])))
    wire.popover = Curtain_V1_PopoverSource()
    wire.popover.sourceRect.width = 5
    XCTAssertEqual(
      try PresentOptions(wire).popover,
      PopoverSource(rect: Rect(x: 0, y: 0, width: 5, height: 0), permittedArrowDirections: .any))
  }

  func testAStoryboardImageKeepsACollectionScenesOptionsAsGiven() throws {
    let storyboard = Storyboard(
      name: "B",
      scenes: [
        .init(
          id: "Free", kind: .collection,
          collection: CollectionOptions(
            layout: .frames([Rect(x: 0, y: 0, width: 10, height: 20)]),
            usesLayoutToLayoutNavigationTransitions: true)),
        .init(
          id: "Grid", kind: .collection,
          collection: CollectionOptions(
            itemCount: 3, layout: .flow(FlowLayout(itemSize: Size(width: 20, height: 30))))),
        .init(id: "Plain", kind: .collection),
      ])
    let image = Curtain_V1_Storyboard(storyboard)
    XCTAssertFalse(image.scenes[0].collection.hasItemCount, "one item per frame, as given")
    XCTAssertFalse(image.scenes[2].hasCollection)
    XCTAssertEqual(try Storyboard(image: image), storyboard)
  }

  func testALayoutTransitionsBeganEventKeepsItsLayouts() throws {
    let change = LayoutChange(
      oldLayout: .flow(FlowLayout()), newLayout: .frames([Rect(x: 1, y: 2, width: 3, height: 4)]))
    let began = TransitionPhase.began(
      TransitionInfo(
        kind: .layoutTransition, container: ControllerID(3), from: ControllerID(3),
        to: ControllerID(3), animated: true, interactive: true, duration: 0.35,
        layoutChange: change))
    let wire = Curtain_V1_TransitionEvent(id: TransitionID(5), phase: began)
    XCTAssertEqual(wire.oldLayout.flow.itemSize.width, 50)
    XCTAssertEqual(wire.newLayout.frames.frames.first?.height, 4)
    XCTAssertFalse(wire.hasOldSize)
    XCTAssertEqual(try TransitionPhase(image: wire), began)
    XCTAssertEqual(change.description, "flow 50×50 spacing 10 line 10 → frames layout")
  }

  func testPresentationEventPhases() {
    let b = ControllerID(2)
    let a = ControllerID(1)
    let cases: [(PresentationPhase, Curtain_V1_PresentationEvent.Phase, Bool)] = [
      (.presentationTransitionWillBegin, .presentationWillBegin, false),
      (.presentationTransitionDidEnd(completed: false), .presentationDidEnd, false),
      (.dismissalTransitionWillBegin, .dismissalWillBegin, false),
      (.dismissalTransitionDidEnd(completed: true), .dismissalDidEnd, true),
      (.adapted(to: .fullScreen), .adapted, false),
    ]
    for (phase, wirePhase, completed) in cases {
      let event = Curtain_V1_PresentationEvent(presented: b, presenting: a, phase: phase)
      XCTAssertEqual(event.phase, wirePhase)
      XCTAssertEqual(event.completed, completed)
      XCTAssertEqual(event.presentedID, 2)
      XCTAssertEqual(event.presentingID, 1)
    }
    XCTAssertEqual(
      Curtain_V1_PresentationEvent(presented: b, presenting: a, phase: .adapted(to: .formSheet))
        .style, .formSheet)
  }
}
