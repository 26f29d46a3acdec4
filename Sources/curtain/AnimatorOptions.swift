// `--animator FILE|-`, `--duration S` and `--curve NAME` for the commands
// whose transition takes an animator (push, pop, pop-to, set-stack,
// select-tab, present, dismiss, transition-children, turn-page, interact
// begin).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A custom animator for a transition: a declarative spec read as JSON
/// (docs/animators.md), or the built-in look re-timed.
struct AnimatorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A custom animator: a JSON file, or - for standard input (docs/animators.md).",
      valueName: "file"))
  var animator: String?

  @Option(
    help: ArgumentHelp(
      "The built-in look's duration in seconds, 0 to 3600 (instead of --animator).",
      valueName: "seconds"))
  var duration: Double?

  @Option(
    help: ArgumentHelp(
      "The built-in look's curve: \(Curtain_V1_NamedCurve.nameTable.list()) (instead of "
        + "--animator).",
      valueName: "curve"))
  var curve: CurveArgument?

  func validate() throws {
    if animator != nil, duration != nil || curve != nil {
      throw ValidationError(
        "--duration and --curve re-time the built-in look; they cannot go with --animator")
    }
    if let duration, !(duration.isFinite && duration >= 0 && duration <= 3600) {
      throw ValidationError("--duration must be a number of seconds in [0, 3600]")
    }
  }

  /// Whether any option was given.
  var isGiven: Bool { animator != nil || duration != nil || curve != nil }

  /// Refuses the options with `--no-animate`.
  func check(animated: Bool) throws {
    if !animated, isGiven {
      throw CLIError("--animator, --duration and --curve animate; they cannot go with --no-animate")
    }
  }

  /// The animator the options describe, or `nil`.
  func spec() throws -> Curtain_V1_AnimatorSpec? {
    if let animator { return try Self.read(animator) }
    guard duration != nil || curve != nil else { return nil }
    var spec = Curtain_V1_AnimatorSpec()
    if let duration { spec.builtIn.duration = duration }
    if let curve { spec.builtIn.curve = curve.wire }
    return spec
  }

  /// The animator in the JSON file `path` (`-`: standard input).
  static func read(_ path: String) throws -> Curtain_V1_AnimatorSpec {
    let data: Data
    if path == "-" {
      data = try InputFile.standardInput()
    } else {
      guard let read = FileManager.default.contents(atPath: path) else {
        throw CLIError("cannot read the animator file \(path)")
      }
      data = read
    }
    let name = path == "-" ? "on standard input" : path
    // SwiftProtobuf's JSON errors say little more than "failure": where the
    // syntax is wrong is found here.
    if let syntax = JSONSyntaxError.find(in: Array(data), root: "animator") {
      throw CLIError("the animator \(name) is not valid JSON: \(syntax)")
    }
    do {
      return try Curtain_V1_AnimatorSpec(jsonUTF8Data: data)
    } catch {
      throw CLIError(
        "the animator \(name) is not an AnimatorSpec in JSON (see docs/animators.md for its "
          + "schema)")
    }
  }
}
