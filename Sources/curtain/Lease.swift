// `curtain lease W [--ttl SECONDS]`: takes a window's lease and holds it.
//
// A lease belongs to the connection that took it and ends when that
// connection does, so a one-shot command cannot leave one behind: this one
// keeps its connection for the lease's lifetime. It subscribes to the
// window's events, takes the lease, prints it, and waits until the ttl runs
// out, an admin breaks the lease, the window is closed, or it is
// interrupted (then it releases the lease first). Every end exits 0 after
// saying what happened, except the daemon stopping (exit 1).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Holds a window's lease.
struct Lease: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lease",
    abstract: "Take a window's lease and hold it: only this command may change the window.",
    discussion: """
      While the lease holds, every other client's change to the window \
      (pushes, resizes, closing it, other curtain commands too) is refused \
      with PERMISSION_DENIED naming the holder; reading and watching it stay \
      allowed. A lease belongs to the connection that took it, so the \
      command keeps its connection: it prints "w1 leased for 30 s" and waits \
      until the ttl runs out ("lease expired"), an admin breaks it with \
      `curtain release` ("lease broken"), the window is closed, or it is \
      interrupted with Ctrl-C (it releases the lease first). A window leased \
      by another client is an error naming the holder.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        rm -f lease.txt
        curtain lease $w --ttl 60 > lease.txt &
        until grep -qs leased lease.txt; do sleep 0.1; done
        curtain push @Nav @Detail 2> /dev/null || echo refused
          refused
        curtain release $w
        wait
        head -n 1 lease.txt
          w1 leased for 60 s
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Option(
    name: .customLong("ttl"),
    help: ArgumentHelp(
      "How long the lease lasts, in seconds (at most 86400).", valueName: "seconds"))
  var ttl = 30.0

  func validate() throws {
    guard ttl.isFinite, ttl > 0, ttl <= 86_400 else {
      throw ValidationError("--ttl must be a number of seconds above 0 and at most 86400")
    }
  }

  func run() throws {
    do {
      try hold()
    } catch ClientError.goodbye(let reason, _) where reason == .shutdown {
      throw CLIError("the daemon stopped", code: "STOPPED")
    }
  }

  private func hold() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    Interrupt.install()
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window
    subscribe.events = true
    subscribe.categories = [.window]
    try connection.perform(.subscribe(subscribe))
    var lease = Curtain_V1_Lease()
    lease.windowID = window
    lease.ttl = ttl
    let response = try connection.perform(.lease(lease), mutating: true)
    guard case .lease(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "lease", got: response.resultName)
    }
    say("leased for \(OutputFormat.decimal(result.expiresIn)) s", state: "leased", result)
    while !Interrupt.requested {
      guard let message = try connection.client.nextMessage(timeout: 0.25),
        case .event(let event)? = message.kind, event.windowID == window
      else { continue }
      switch event.kind {
      case .lease(let change)? where change.holderClientID == result.holderClientID:
        switch change.change {
        case .expired: return say("lease expired", state: "expired", result)
        case .released:
          return say("lease broken by client \(change.byClientID)", state: "broken", result)
        default: continue
        }
      case .window(let change)? where change.change == .closed:
        return say("was closed", state: "closed", result)
      default:
        continue
      }
    }
    var release = Curtain_V1_Release()
    release.windowID = window
    try connection.perform(.release(release), mutating: true)
    say("released", state: "released", result)
  }

  /// Prints `w1 <text>`, or with --json the window, the state and the holder.
  private func say(_ text: String, state: String, _ result: Curtain_V1_LeaseResult) {
    guard globals.json else { return Output.line("\(OutputFormat.windowName(window)) \(text)") }
    Output.json(OutputFormat.json(result, window: window, state: state))
  }
}
