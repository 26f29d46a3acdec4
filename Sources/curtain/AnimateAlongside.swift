// `curtain animate-alongside T VIEW PROPERTY --to VALUE`: one track on a
// running transition's timeline (the coordinator's
// `animate(alongsideTransition:)`).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Adds an animation alongside a running transition.
struct AnimateAlongside: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "animate-alongside",
    abstract: "Animate a view's property alongside a running transition.",
    discussion: """
      Like the transition coordinator's animate(alongsideTransition:): the \
      property moves from its current value (or --from) to --to over what \
      is left of the transition, following its progress, interactive or \
      not. VIEW is a view (v12) or the transition's `from`, `to` or \
      `container` view. Values: frame and bounds X,Y,W,H; center X,Y; \
      alpha and cornerRadius a number; transform A,B,C,D,TX,TY. Prints \
      "added", or "ended" when the transition is over (nothing is added).

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        t=$(curtain push @Nav @Detail --no-wait)
        curtain animate-alongside $t from alpha --to 0
          added
        curtain advance $w 1
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var target: TransitionOptions

  @Argument(
    help: ArgumentHelp("The transition (t5 or 5).", valueName: "transition"),
    transform: TargetName.transition)
  var transition: UInt64

  @Argument(
    help: ArgumentHelp("The view: v12, or from, to or container.", valueName: "view"),
    transform: AnimateAlongside.parseTarget)
  var view: Curtain_V1_TrackTarget

  @Argument(
    help: ArgumentHelp(
      "The property: \(Curtain_V1_AnimatableProperty.nameTable.list()).", valueName: "property"))
  var property: WireName<Curtain_V1_AnimatableProperty>

  @Option(help: ArgumentHelp("Where it ends.", valueName: "value"))
  var to: String

  @Option(help: ArgumentHelp("Where it starts (default: where it is).", valueName: "value"))
  var from: String?

  @Option(
    help: ArgumentHelp(
      "The curve: \(Curtain_V1_NamedCurve.nameTable.list()) (default easeInOut).",
      valueName: "curve"))
  var curve: CurveArgument?

  func validate() throws {
    _ = try value(to)
    if let from { _ = try value(from) }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var track = Curtain_V1_Track()
    track.target = view
    track.property = property.wire
    if let from {
      track.from.base = .value
      track.from.value = try value(from)
    }
    track.to.base = .value
    track.to.value = try value(to)
    if let curve { track.timing = curve.wire }
    track.relativeDuration = 1
    let response = try target.perform(connection: connection, wait: .accepted) { window in
      var alongside = Curtain_V1_AnimateAlongside()
      alongside.windowID = window
      alongside.transitionID = transition
      alongside.tracks = [track]
      return .animateAlongside(alongside)
    }
    guard case .transition(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "transition", got: response.resultName)
    }
    if globals.json {
      connection.report(response)
    } else {
      Output.line(result.accepted ? "added" : "ended")
    }
  }

  /// A value of the property from its numbers.
  private func value(_ text: String) throws -> Curtain_V1_AnimatableValue {
    var value = Curtain_V1_AnimatableValue()
    let wrong = ValidationError(
      "'\(text)' is not a \(property.named.name) value: \(Self.format(of: property.wire))")
    switch property.wire {
    case .frame, .bounds:
      guard let numbers = TargetName.numbers(text, count: 4) else { throw wrong }
      var rect = Curtain_V1_Rect()
      (rect.x, rect.y, rect.width, rect.height) = (numbers[0], numbers[1], numbers[2], numbers[3])
      value.rect = rect
    case .center:
      guard let numbers = TargetName.numbers(text, count: 2) else { throw wrong }
      var point = Curtain_V1_Point()
      (point.x, point.y) = (numbers[0], numbers[1])
      value.point = point
    case .transform:
      guard let numbers = TargetName.numbers(text, count: 6) else { throw wrong }
      var transform = Curtain_V1_Transform()
      (transform.a, transform.b, transform.c) = (numbers[0], numbers[1], numbers[2])
      (transform.d, transform.tx, transform.ty) = (numbers[3], numbers[4], numbers[5])
      value.transform = transform
    default:
      guard let numbers = TargetName.numbers(text, count: 1) else { throw wrong }
      value.scalar = numbers[0]
    }
    return value
  }

  private static func format(of property: Curtain_V1_AnimatableProperty) -> String {
    switch property {
    case .frame, .bounds: return "X,Y,WIDTH,HEIGHT"
    case .center: return "X,Y"
    case .transform: return "A,B,C,D,TX,TY"
    default: return "a number"
    }
  }

  @Sendable static func parseTarget(_ text: String) throws -> Curtain_V1_TrackTarget {
    var target = Curtain_V1_TrackTarget()
    switch text {
    case "from": target.role = .fromView
    case "to": target.role = .toView
    case "container": target.role = .containerView
    default:
      target.role = .view
      guard let id = try? TargetName.view(text) else {
        throw TargetNameError("'\(text)' is not a view: use v12, from, to or container")
      }
      target.viewID = id
    }
    return target
  }
}
