// `curtain kill-server`: stop the daemon and wait until it is gone.

import ArgumentParser
import CurtainWire
import Glibc

/// Stops the daemon.
struct KillServer: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kill-server",
    abstract: "Stop the daemon: it says goodbye to every client, removes its socket and exits.",
    discussion: """
      Returns once the daemon closed the connection and its socket file is \
      gone. Never starts a daemon: when none listens, it says so and exits 1.

      Example:
        curtain start --socket other.sock
        curtain kill-server --socket other.sock
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals, startIfNeeded: false)
    defer { connection.close() }
    try connection.perform(.shutdown(Curtain_V1_Shutdown()))
    // The goodbye (or the end of the stream) follows the response.
    do {
      while try connection.client.nextMessage(timeout: globals.responseTimeout) != nil {}
      throw CLIError("the daemon did not close the connection after shutting down")
    } catch ClientError.goodbye, ClientError.closed {
      // Gone, as asked.
    }
    let path = globals.socketPath
    var remaining = 250
    var info = stat()
    while stat(path, &info) == 0, remaining > 0 {
      usleep(20_000)
      remaining -= 1
    }
    if remaining == 0 {
      throw CLIError("the daemon said goodbye but its socket \(path) is still there")
    }
    // Shutdown's result: nothing (Empty), as every empty answer prints.
    if globals.json { Output.json(.object([])) }
  }
}
