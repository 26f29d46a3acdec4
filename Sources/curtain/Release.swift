// `curtain release W`: breaks a window's lease, whoever holds it.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Ends a window's lease.
struct Release: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "release",
    abstract: "End a window's lease, whoever holds it (a `curtain lease`, or another program).",
    discussion: """
      A lease belongs to the connection that took it, so this command, a \
      connection of its own, breaks it (Release with force): that needs \
      admin rights, which a client of the Unix socket has and a TCP client \
      only with an admin token. The holder is told ("lease broken"). A \
      window that is not leased is NOT_FOUND.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        rm -f lease.txt
        curtain lease $w --ttl 600 > lease.txt &
        until grep -qs leased lease.txt; do sleep 0.1; done
        curtain release $w
        wait
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var release = Curtain_V1_Release()
    release.windowID = window
    release.force = true
    connection.report(try connection.perform(.release(release), mutating: true))
  }
}
