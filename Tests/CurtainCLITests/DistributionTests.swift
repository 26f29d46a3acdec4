// What is shipped beside the binaries: the shell completions and the
// systemd user unit. The unit's command line is run for real (the daemon
// must listen on the default socket under XDG_RUNTIME_DIR and stop cleanly
// on SIGTERM, as systemd stops it), and systemd-analyze checks the unit.
// `make install` puts all of it in place under a temporary DESTDIR (with the
// binaries of this build, INSTALL_FROM) and `make uninstall` takes it away.

import CurtainTesting
import Foundation
import XCTest

final class DistributionTests: XCTestCase {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  private static let unitPath = repository.appendingPathComponent(
    "contrib/systemd/curtaind.service"
  ).path
  /// Where the unit expects curtaind.
  private static let installedDaemon = "%h/.local/bin/curtaind"

  /// The words of the unit's ExecStart line.
  private func execStart() throws -> [String] {
    let unit = try String(contentsOfFile: Self.unitPath, encoding: .utf8)
    let lines = unit.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
    XCTAssertEqual(lines.count, 1, "one ExecStart")
    let line = try XCTUnwrap(lines.first)
    return line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
  }

  func testTheUnitsCommandLineListensOnTheDefaultSocketAndStopsOnSIGTERM() throws {
    let words = try execStart()
    XCTAssertEqual(words.first, Self.installedDaemon)
    let daemon = try TempDaemon(arguments: Array(words.dropFirst()), socket: .runtimeDirectory)
    XCTAssertEqual(daemon.socketPath, daemon.directory + "/curtain/default.sock")
    var info = stat()
    XCTAssertEqual(stat(daemon.socketPath, &info), 0, "listening on the default socket")
    XCTAssertEqual(info.st_mode & 0o777, 0o600)
    XCTAssertEqual(stat(daemon.directory + "/curtain", &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o700)
    let (status, removed) = daemon.stop()
    XCTAssertEqual(status, 0, "SIGTERM stops it cleanly")
    XCTAssertTrue(removed, "and it removes its socket")
  }

  func testSystemdAnalyzeAcceptsTheUnit() throws {
    let daemon = try TempDaemon.executableURL().path
    let directory = NSTemporaryDirectory() + "curtain-unit-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The installed path does not exist here: check the unit with the
    // daemon that was just built in its place.
    let unit = try String(contentsOfFile: Self.unitPath, encoding: .utf8)
      .replacingOccurrences(of: Self.installedDaemon, with: daemon)
    let path = directory + "/curtaind.service"
    try unit.write(toFile: path, atomically: true, encoding: .utf8)
    let (status, output) = try spawnProgram("systemd-analyze", ["verify", path])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(output, "", "no warnings")

    let broken = directory + "/broken.service"
    try unit.replacingOccurrences(of: "Type=exec", with: "Type=nonsense")
      .write(toFile: broken, atomically: true, encoding: .utf8)
    let (_, complaint) = try spawnProgram("systemd-analyze", ["verify", broken])
    XCTAssertTrue(
      complaint.contains("Failed to parse service type"), "the check reads the unit: \(complaint)")
  }

  /// The unit's comment gives the commands docs/install.md gives, not
  /// commands of its own (they differed once).
  func testTheUnitsInstallCommandsAreThoseOfTheInstallGuide() throws {
    let unit = try String(contentsOfFile: Self.unitPath, encoding: .utf8)
    let guide = try String(
      contentsOfFile: Self.repository.appendingPathComponent("docs/install.md").path,
      encoding: .utf8)
    // The comment's commands: its lines indented under "#".
    let comment = unit.split(separator: "\n").filter { $0.hasPrefix("#   ") }
      .map { $0.dropFirst(4) }.joined(separator: "\n")
    let commands = Self.commandLines(comment)
    XCTAssertFalse(commands.isEmpty, "the comment gives the commands")
    let guideCommands = Self.commandLines(guide)
    for command in commands.sorted() {
      XCTAssertTrue(guideCommands.contains(command), "not in docs/install.md: \(command)")
    }
  }

  /// The commands of a shell text, one per line: a line that ends in `\`
  /// joined with the next, a trailing ` # comment` dropped, spaces made one.
  private static func commandLines(_ text: String) -> Set<String> {
    var commands: Set<String> = []
    var pending = ""
    for line in text.split(separator: "\n") {
      var words = String(line.split(separator: " #").first ?? "")
      let continued = words.hasSuffix("\\")
      if continued { words.removeLast() }
      let command = (pending + " " + words).split(separator: " ").joined(separator: " ")
      if continued {
        pending = command
      } else {
        if !command.isEmpty { commands.insert(command) }
        pending = ""
      }
    }
    return commands
  }

  /// `curtain` is linked as a static executable (Package.swift): the
  /// kernel starts it without the dynamic loader, so a command maps no
  /// shared library and applies no relocations before it runs.
  func testTheCLINeedsNoDynamicLoader() throws {
    let bytes = try Data(contentsOf: TempDaemon.cliURL())
    func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> Int {
      var value: T = 0
      withUnsafeMutableBytes(of: &value) {
        $0.copyBytes(from: bytes[offset..<offset + MemoryLayout<T>.size])
      }
      return Int(T(littleEndian: value))
    }
    XCTAssertEqual(Array(bytes.prefix(4)), [0x7F, 0x45, 0x4C, 0x46], "an ELF file")
    XCTAssertEqual(integer(UInt16.self, at: 16), 2, "ET_EXEC, not a position-independent one")
    let table = integer(UInt64.self, at: 0x20)
    let entrySize = integer(UInt16.self, at: 0x36)
    let types = (0..<integer(UInt16.self, at: 0x38)).map {
      integer(UInt32.self, at: table + $0 * entrySize)
    }
    XCTAssertTrue(types.contains(1), "it has loadable segments")
    XCTAssertFalse(types.contains(3), "no PT_INTERP: no dynamic loader")
    XCTAssertFalse(types.contains(2), "no PT_DYNAMIC: no shared libraries")
    // And it runs as well with an empty environment.
    let cli = try TempDaemon.cliURL().path
    let version = try runProgram(cli, ["--version"])
    XCTAssertFalse(version.isEmpty)
    XCTAssertEqual(try runProgram("/usr/bin/env", ["-i", cli, "--version"]), version)
  }

  func testCompletionScriptsNameEverySubcommand() throws {
    let cli = try TempDaemon.cliURL().path
    let help = try runProgram(cli, ["--help"])
    let after = try XCTUnwrap(help.components(separatedBy: "SUBCOMMANDS:\n").last)
    let section = try XCTUnwrap(after.components(separatedBy: "\n\n").first)
    let subcommands = section.split(separator: "\n").compactMap { line -> String? in
      // A name starts in the third column; descriptions continue further in.
      guard line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true,
        let first = line.split(separator: " ").first
      else { return nil }
      return String(first)
    }
    XCTAssertTrue(subcommands.contains("watch") && subcommands.contains("snapshot"))
    XCTAssertGreaterThan(subcommands.count, 25)

    let directory = NSTemporaryDirectory() + "curtain-completions-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = Self.repository.appendingPathComponent("scripts/completions.sh").path
    _ = try runProgram(script, [directory, cli])
    for file in ["curtain.bash", "_curtain", "curtain.fish"] {
      let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
      for subcommand in subcommands {
        XCTAssertTrue(text.contains(subcommand), "\(file) completes \(subcommand)")
      }
    }
    let bash = try String(contentsOfFile: directory + "/curtain.bash", encoding: .utf8)
    XCTAssertTrue(bash.contains("complete -o filenames -F _curtain curtain"), "bash registers it")
  }

  /// Every file under `root` (regular files and links), relative to it, with
  /// its permission bits.
  private func installedFiles(under root: String) throws -> [String: Int] {
    var files: [String: Int] = [:]
    let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
    while let path = enumerator.nextObject() as? String {
      var info = stat()
      XCTAssertEqual(lstat(root + "/" + path, &info), 0)
      if info.st_mode & S_IFMT != S_IFDIR { files[path] = Int(info.st_mode & 0o777) }
    }
    return files
  }

  private func make(_ arguments: [String]) throws {
    _ = try runProgram("make", ["-s", "-C", Self.repository.path] + arguments)
  }

  /// Whether the ELF file at `path` has a symbol table (`strip` removes it).
  private func hasSymbolTable(_ path: String) throws -> Bool {
    let sections = try runProgram("readelf", ["--section-headers", "--wide", path])
    XCTAssertTrue(sections.contains(" .text "), "readelf lists \(path)'s sections")
    return sections.contains(" .symtab ")
  }

  func testInstallStripRefusesAnythingButOneOrZero() throws {
    let built = try TempDaemon.executableURL().deletingLastPathComponent().path
    let root = NSTemporaryDirectory() + "curtain-install-strip-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (status, output) = try spawnProgram(
      Self.repository.appendingPathComponent("scripts/install.sh").path, ["install"],
      environment: ["INSTALL_STRIP": "yes", "INSTALL_FROM": built, "DESTDIR": root])
    XCTAssertEqual(status, 2, output)
    XCTAssertTrue(
      output.contains("install: INSTALL_STRIP is 1 (strip the programs) or 0, not 'yes'"), output)
    XCTAssertFalse(FileManager.default.fileExists(atPath: root), "nothing installed")
  }

  func testMakeInstallPutsEachFileInItsPlaceAndUninstallRemovesThem() throws {
    let built = try TempDaemon.executableURL().deletingLastPathComponent().path
    let page = try FileManager.default.contentsOfDirectory(
      atPath: built + "/Curtain_CurtainWeb.resources/Page")
    XCTAssertTrue(page.contains("index.html"))
    let contrib = try execStart()
    let version = try runProgram(built + "/curtain", ["--version"])
    let completions = NSTemporaryDirectory() + "curtain-install-completions-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: completions) }
    _ = try runProgram(
      Self.repository.appendingPathComponent("scripts/completions.sh").path,
      [completions, built + "/curtain"])
    XCTAssertTrue(try hasSymbolTable(built + "/curtaind"), "the build keeps its symbols")
    for (target, prefix, variables) in [
      ("install", "usr/local", [String]()), ("install", "opt/curtain", ["PREFIX=/opt/curtain"]),
      ("install-strip", "usr/local", []),
    ] {
      let root = NSTemporaryDirectory() + "curtain-install-\(getpid())"
      defer { try? FileManager.default.removeItem(atPath: root) }
      let place = ["DESTDIR=" + root] + variables
      try make([target, "INSTALL_FROM=" + built] + place)

      var expected: [String: Int] = [:]
      for program in ["curtain", "curtaind", "curtain-web"] {
        expected["\(prefix)/bin/\(program)"] = 0o755
      }
      for file in page {
        expected["\(prefix)/bin/Curtain_CurtainWeb.resources/Page/\(file)"] = 0o644
      }
      for file in [
        "share/man/man1/curtain.1", "share/man/man1/curtaind.1", "share/man/man1/curtain-web.1",
        "share/bash-completion/completions/curtain", "share/zsh/site-functions/_curtain",
        "share/fish/vendor_completions.d/curtain.fish", "lib/systemd/user/curtaind.service",
      ] {
        expected["\(prefix)/\(file)"] = 0o644
      }
      XCTAssertEqual(try installedFiles(under: root), expected, "make install \(variables)")

      // The installed programs run; curtain needs nothing of the system.
      let bin = "\(root)/\(prefix)/bin"
      for program in ["curtain", "curtaind", "curtain-web"] {
        XCTAssertEqual(
          try hasSymbolTable(bin + "/" + program), target == "install",
          "make \(target) strips \(program) only for install-strip")
      }
      XCTAssertEqual(
        try runProgram("/usr/bin/env", ["-i", bin + "/curtain", "--version"]), version)
      XCTAssertTrue(try runProgram(bin + "/curtaind", ["--help"]).contains("USAGE: curtaind"))
      XCTAssertTrue(try runProgram(bin + "/curtain-web", ["--help"]).contains("USAGE: curtain-web"))
      // The pages are docs/man's, the completions each shell's, and the
      // unit starts the installed daemon with contrib's options.
      for name in ["curtain.1", "curtaind.1", "curtain-web.1"] {
        XCTAssertEqual(
          try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(prefix)/share/man/man1/\(name)")),
          try Data(contentsOf: Self.repository.appendingPathComponent("docs/man/" + name)))
      }
      let share = "\(root)/\(prefix)/share"
      for (made, installed) in [
        ("curtain.bash", "bash-completion/completions/curtain"),
        ("_curtain", "zsh/site-functions/_curtain"),
        ("curtain.fish", "fish/vendor_completions.d/curtain.fish"),
      ] {
        XCTAssertEqual(
          try Data(contentsOf: URL(fileURLWithPath: share + "/" + installed)),
          try Data(contentsOf: URL(fileURLWithPath: completions + "/" + made)),
          "\(installed) is scripts/completions.sh's \(made)")
      }
      let zsh = try String(contentsOfFile: share + "/zsh/site-functions/_curtain", encoding: .utf8)
      XCTAssertTrue(zsh.hasPrefix("#compdef curtain"), "zsh autoloads it for curtain")
      let unit = try String(
        contentsOfFile: "\(root)/\(prefix)/lib/systemd/user/curtaind.service", encoding: .utf8)
      let execStart = unit.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
      XCTAssertEqual(
        execStart,
        ["ExecStart=" + (["/\(prefix)/bin/curtaind"] + contrib.dropFirst()).joined(separator: " ")])

      try make(["uninstall"] + place)
      XCTAssertEqual(
        try installedFiles(under: root), [:], "make uninstall \(variables) leaves nothing")
    }
  }
}
