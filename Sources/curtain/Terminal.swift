// The terminal `curtain watch` draws on: raw keyboard input (no echo, no
// line editing, Ctrl-C still interrupts), the alternate screen with the
// cursor hidden, its size, and redrawing only the lines that changed. The
// terminal is put back as it was by `restore()`, which the command runs on
// every way out.

import Glibc

/// Set by the SIGWINCH handler.
nonisolated(unsafe) private var resizedFlag: sig_atomic_t = 0

/// A terminal in full-screen mode.
final class Terminal {
  private var saved = termios()
  private var active = false
  /// What is on screen, line by line.
  private var shown: [String] = []

  /// Whether both standard input and standard output are terminals.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Enters raw mode and the alternate screen.
  init() throws {
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw CLIError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
      throw CLIError("cannot set the terminal to raw mode: \(String(cString: strerror(errno)))")
    }
    active = true
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in resizedFlag = 1 }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGWINCH, &action, nil)
    Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
  }

  deinit { restore() }

  /// Leaves the alternate screen and puts the settings back.
  func restore() {
    guard active else { return }
    active = false
    Self.write("\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }

  /// The size in cells (80 × 24 when the terminal does not say).
  var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Whether the terminal was resized since the last call.
  func takeResize() -> Bool {
    defer { resizedFlag = 0 }
    return resizedFlag != 0
  }

  /// Shows `lines` (one per row), writing only the rows that changed.
  /// The last row's last cell is left alone so that the screen never
  /// scrolls.
  func draw(_ lines: [String], force: Bool = false) {
    if force || shown.count != lines.count {
      shown = Array(repeating: "", count: lines.count)
      Self.write("\u{1B}[2J")
    }
    var output = ""
    for (row, line) in lines.enumerated() where line != shown[row] {
      let text = row == lines.count - 1 ? String(line.dropLast()) : line
      output += "\u{1B}[\(row + 1);1H\(text)"
      shown[row] = line
    }
    if !output.isEmpty { Self.write(output) }
  }

  /// The keys typed since the last call (bytes as characters).
  func readKeys() -> String {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// Waits until the keyboard or `descriptor` has input, a signal arrives,
  /// or `timeout` seconds pass.
  func wait(for descriptor: Int32, timeout: Double) {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&descriptors, nfds_t(descriptor >= 0 ? 2 : 1), Int32(timeout * 1000))
  }

  private static func write(_ text: String) {
    Output.write(text, to: STDOUT_FILENO)
  }
}
