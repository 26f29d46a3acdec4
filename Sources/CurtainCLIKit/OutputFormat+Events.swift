// Events as the CLI prints them: `seq  window  text` for people, and one
// JSON object per event whose keys depend on the event's kind.

public import CurtainWire

extension OutputFormat {
  /// `seq  window  text`; the window is `-` for events of controllers that
  /// are in no window.
  public static func human(_ event: WireEvent) -> String {
    "\(event.seq)  \(windowName(event.windowID))  \(event.text)"
  }

  /// The JSON object of an event. Keys, in order: `seq`, `window`,
  /// `revision`, `time`, `type` (the category), `controller`, `identifier`,
  /// `callback`, `animated`, `trace_id`, `text`, then the fields of the kind:
  /// - lifecycle: `parent` (willMove/didMove) or `shown` (navigation
  ///   willShow/didShow);
  /// - hierarchy: `change`, `parent`, `controllers`, `selected_index`;
  /// - transition: `transition`, `phase`, then for `began` `kind`,
  ///   `container`, `from`, `to`, `interactive`, `duration` (and `animated`)
  ///   and for a size transition `old_size`, `new_size` [w, h], `old_traits`,
  ///   `new_traits`; for `paused` `percent`, otherwise `cancelled`;
  /// - operation: `operation`, `phase`, `position`, `cancelled`, `removed`,
  ///   `error`;
  /// - window: `change`, `size`, `visible`, and for `tapped` `tap` (see
  ///   `json(_:)` of a tap hit);
  /// - size transition (type `lifecycle`): `size` [w, h] for
  ///   `viewWillTransitionToSize`, else `traits` (see `json(_:)` of traits);
  /// - presentation (`controller` is the presented controller, `callback`
  ///   the presentation controller's method): `presenting`, `completed`
  ///   (the didEnd calls), `style` (adapted), and for `popoverPlaced`
  ///   `popover` (see `json(_:)` of a popover placement);
  /// - segue (type lifecycle): `segue` (the identifier, `null` for an unwind
  ///   by action) and `destination` for prepare; `segue` and `answer` for
  ///   shouldPerformSegue; `action`, `source` (and `answer` for
  ///   canPerformUnwindSegueAction) for the unwind callbacks;
  /// - lease (type window, seq 0): `change`, `holder`, `holder_name`,
  ///   `expires_in`, `by` (who released it);
  /// - delegate (type lifecycle; callback `delegateCall`, `delegateAnswer`,
  ///   `delegateFallback`, `delegateReplaced`): `call`, `role`, and
  ///   `method` with the call's `operation`, `from`, `to`, `segue` and
  ///   `interactive`; the `answer` (`true`/`false`, `default` or the
  ///   animator's summary); the fallback's `reason` and `detail`; `by` (the
  ///   client that took over a registration).
  ///
  /// `identifiers` maps controller ids to identifiers (the wire event carries
  /// ids only); `controller`, `callback` and `animated` are `null` where the
  /// kind has none.
  public static func json(_ event: WireEvent, identifiers: [UInt64: String] = [:]) -> JSONValue {
    var controller: UInt64 = 0
    var callback = JSONValue.null
    var animated = JSONValue.null
    var details: [(String, JSONValue)] = []
    switch event.kind {
    case .lifecycle(let lifecycle)?:
      controller = lifecycle.controllerID
      callback = .string(lifecycle.callback.name)
      switch lifecycle.callback {
      case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
        animated = .bool(lifecycle.animated)
      case .willMoveToParent, .didMoveToParent:
        details.append(("parent", .id(lifecycle.otherID)))
      case .navigationWillShow, .navigationDidShow:
        animated = .bool(lifecycle.animated)
        details.append(("shown", .id(lifecycle.otherID)))
      case .tabBarDidSelect:
        details.append(("selected", .id(lifecycle.otherID)))
      case .viewDidLoad, .unspecified, .UNRECOGNIZED:
        break
      }
    case .hierarchy(let hierarchy)?:
      controller = hierarchy.controllerID
      details = [
        ("change", .string(hierarchy.change.name)),
        ("parent", .id(hierarchy.parentID)),
        ("controllers", .array(hierarchy.controllerIds.map { .unsigned($0) })),
        (
          "selected_index",
          hierarchy.change == .selection ? .integer(Int64(hierarchy.selectedIndex)) : .null
        ),
      ]
      if hierarchy.change == .displayMode {
        details.append(("display_mode", .string(hierarchy.displayMode.name)))
      }
    case .transition(let transition)?:
      animated = transition.phase == .began ? .bool(transition.animated) : .null
      details = [
        ("transition", .id(transition.transitionID)),
        ("phase", .string(transition.phase.name)),
      ]
      // Each phase carries its own facts only.
      switch transition.phase {
      case .began:
        details += [
          ("kind", .string(transition.kind)),
          ("container", .id(transition.containerID)),
          ("from", .id(transition.fromID)),
          ("to", .id(transition.toID)),
          ("interactive", .bool(transition.interactive)),
          ("duration", .number(transition.duration)),
        ]
        if transition.hasOldSize {
          details += [
            ("old_size", numbers([transition.oldSize.width, transition.oldSize.height])),
            ("new_size", numbers([transition.newSize.width, transition.newSize.height])),
            ("old_traits", json(transition.oldTraits)),
            ("new_traits", json(transition.newTraits)),
          ]
        }
      case .paused:
        details.append(("percent", .number(transition.percent)))
      default:
        details.append(("cancelled", .bool(transition.cancelled)))
      }
    case .operation(let operation)?:
      details = [
        ("operation", .id(operation.operationID)),
        ("phase", .string(operation.phase.name)),
        ("position", .unsigned(UInt64(operation.position))),
        ("cancelled", .bool(operation.cancelled)),
        ("removed", .array(operation.removedIds.map { .unsigned($0) })),
        ("error", operation.hasError ? json(operation.error) : .null),
      ]
    case .presentation(let presentation)?:
      controller = presentation.presentedID
      callback = .string(presentation.phase.name)
      details = [
        ("presenting", .id(presentation.presentingID)),
        (
          "completed",
          presentation.phase == .presentationDidEnd || presentation.phase == .dismissalDidEnd
            ? .bool(presentation.completed) : .null
        ),
        ("style", presentation.phase == .adapted ? .string(presentation.style.name) : .null),
      ]
      if presentation.phase == .popoverPlaced {
        details.append(("popover", json(presentation.popoverPlacement)))
      }
    case .window(let window)?:
      details = [
        ("change", .string(window.change.name)),
        ("size", .array([.number(window.size.width), .number(window.size.height)])),
        ("visible", .bool(window.visible)),
      ]
      if window.change == .tapped { details.append(("tap", json(window.tap))) }
    case .sizeTransition(let sizeTransition)?:
      controller = sizeTransition.controllerID
      callback = .string(sizeTransition.callback.name)
      if sizeTransition.callback == .viewWillTransitionToSize {
        details.append(("size", numbers([sizeTransition.size.width, sizeTransition.size.height])))
      } else {
        details.append(("traits", json(sizeTransition.traits)))
      }
    case .segue(let segue)?:
      controller = segue.controllerID
      callback = .string(segue.callback.name)
      switch segue.callback {
      case .shouldPerform:
        details = [("segue", .string(segue.identifier)), ("answer", .bool(segue.answer))]
      case .prepare:
        details = [
          ("segue", .optionalString(segue.identifier)), ("destination", .id(segue.destinationID)),
        ]
      case .canPerformUnwind:
        details = [
          ("action", .string(segue.action)), ("source", .id(segue.sourceID)),
          ("answer", .bool(segue.answer)),
        ]
      case .unwindAction:
        details = [("action", .string(segue.action)), ("source", .id(segue.sourceID))]
      case .unspecified, .UNRECOGNIZED:
        break
      }
    case .delegate(let delegate)?:
      controller = delegate.controllerID
      callback = .string(delegate.phase.name)
      details = [("call", .unsigned(delegate.callID)), ("role", .string(delegate.role.name))]
      switch delegate.phase {
      case .called:
        details += [
          ("method", .string(delegate.method.name)),
          ("operation", .optionalString(delegate.arguments.operation)),
          ("from", .id(delegate.arguments.fromID)), ("to", .id(delegate.arguments.toID)),
          ("segue", .optionalString(delegate.arguments.identifier)),
          ("interactive", .bool(delegate.arguments.interactive)),
        ]
        if delegate.method == .adaptivePresentationStyle
          || delegate.method == .viewControllerForAdaptivePresentationStyle
        {
          details += [
            ("style", .string(delegate.arguments.style.name)),
            ("horizontal", .string(delegate.arguments.traits.horizontal.name)),
            ("vertical", .string(delegate.arguments.traits.vertical.name)),
          ]
        }
      case .answered:
        let answer: JSONValue
        switch delegate.answer.answer {
        case .yes(let yes)?: answer = .bool(yes)
        case .interactive(let interactive)?: answer = .string(interactive ? "interactive" : "none")
        case .style(let style)?: answer = .string("style(\(style.name))")
        case .controllerID(let id)?: answer = .string("controller(c\(id))")
        case .animator?, .remoteAnimator?, .presentation?, .frame?, nil:
          answer = .optionalString(delegate.detail.isEmpty ? "default" : delegate.detail)
        }
        details += [("method", .string(delegate.method.name)), ("answer", answer)]
      case .fallback:
        details += [
          ("method", .string(delegate.method.name)), ("reason", .string(delegate.reason)),
          ("detail", .optionalString(delegate.detail)),
        ]
      case .replaced:
        details.append(("by", .id(delegate.byClientID)))
      case .unspecified, .UNRECOGNIZED:
        break
      }
    case .lease(let lease)?:
      details = [
        ("change", .string(lease.change.name)), ("holder", .id(lease.holderClientID)),
        ("holder_name", .string(lease.holderName)), ("expires_in", .number(lease.expiresIn)),
        ("by", .id(lease.byClientID)),
      ]
    case nil:
      break
    }
    let identifier = identifiers[controller].map { JSONValue.optionalString($0) } ?? .null
    return .object(
      [
        ("seq", .unsigned(event.seq)),
        ("window", .id(event.windowID)),
        ("revision", .unsigned(event.revision)),
        ("time", .number(event.time)),
        ("type", .string(event.category.name)),
        ("controller", .id(controller)),
        ("identifier", controller == 0 ? .null : identifier),
        ("callback", callback),
        ("animated", animated),
        ("trace_id", .optionalString(event.traceID)),
        ("text", .string(event.text)),
      ] + details)
  }
}
