// A session's image as the stores keep it (SessionImage.swift): the current
// format (a `curtain.v1.SessionImage`) gives back the session, its windows'
// settings and the clock; its format is read before the rest, so a newer
// one is refused as newer; images of every format, cut short or with bytes
// changed, are refused or read, never a crash. (The old formats' contents:
// OldFormatTests, SnapshotCompactionTests.)

import CurtainCore
import CurtainWire
import Foundation
import XCTest

@testable import CurtainDaemon

final class SessionImageTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The image of a session with a navigation window and a realtime one,
  /// which runs at a quarter of real time from 1 s after it was made.
  private func image() throws -> SessionImage {
    let h = ServerHarness()
    let link = h.connect()
    _ = h.buildNavigation(link)
    let realtime = try XCTUnwrap(
      h.call(link) {
        $0.createWindow.clock = .realtime
        $0.createWindow.frameRate = 120
      }
    ).window.id
    h.now += 1
    XCTAssertEqual(
      h.call(link) {
        $0.setWindowSpeed.windowID = realtime
        $0.setWindowSpeed.speed = 0.25
      }?.window.speed, 0.25)
    return try XCTUnwrap(h.server.image(of: "default"))
  }

  func testTheCurrentFormatGivesBackTheSessionTheSettingsAndTheClock() throws {
    let image = try image()
    let bytes = image.encoded()
    XCTAssertEqual(Array(bytes.prefix(2)), [0x08, 0x04], "the format first")
    XCTAssertTrue(SessionImage.isCurrentFormat(bytes))
    let decoded = try SessionImage.decode(bytes)
    XCTAssertEqual(decoded.session, image.session)
    XCTAssertEqual(decoded.clock, image.clock)
    XCTAssertEqual(decoded.windows.map(\.window), image.windows.map(\.window))
    XCTAssertEqual(decoded.windows.map(\.frameRate), [60, 120])
    XCTAssertEqual(decoded.windows.map(\.origin), image.windows.map(\.origin))
    XCTAssertEqual(decoded.windows.map(\.lastFrameClock), image.windows.map(\.lastFrameClock))
    XCTAssertEqual(decoded.windows.map(\.frameSeq), image.windows.map(\.frameSeq))
    XCTAssertEqual(decoded.windows.map(\.speed), [1, 0.25])
    XCTAssertEqual(
      decoded.windows.map(\.start), [0, 1], "the realtime window's time at its origin")
    XCTAssertEqual(decoded.windows.map(\.origin), [100, 101])
    // At speed 1 the fields are left out, as in every image before speeds.
    let message = try Curtain_V1_SessionImage(serializedBytes: bytes)
    XCTAssertEqual(message.windows.map(\.speed), [0, 0.25])
  }

  func testANewerFormatIsRefusedAsNewerAndGarbageAsNoSnapshot() throws {
    var newer = try image().message
    newer.format = 9
    XCTAssertThrowsError(try SessionImage.decode(try newer.serializedBytes())) {
      XCTAssertEqual(
        "\($0)", "it has format 9, written by a newer curtaind (this one reads up to 4)")
    }
    // A newer format is refused even when the rest would not decode.
    XCTAssertThrowsError(try SessionImage.decode([0x08, 0x05, 0xFF, 0xFF])) {
      XCTAssertTrue("\($0)".contains("it has format 5, written by a newer curtaind"), "\($0)")
    }
    XCTAssertThrowsError(try SessionImage.decode(Array("garbage".utf8))) {
      XCTAssertTrue("\($0)".hasPrefix("it is not a snapshot"), "\($0)")
    }
    XCTAssertThrowsError(try SessionImage.decode(SessionImage.legacyMagic + [0x07])) {
      XCTAssertEqual("\($0)", "it has binary format 7, which no curtaind wrote")
    }
  }

  /// The images of every format, damaged at random: each is refused with a
  /// reason or read as some session, and never crashes the reader.
  func testDamagedImagesOfEveryFormatAreRefusedOrRead() throws {
    let format1 = try [UInt8](
      Data(contentsOf: Self.fixtures.appendingPathComponent("snapshot-format-1/default.json")))
    let format2 = try [UInt8](
      Data(contentsOf: Self.fixtures.appendingPathComponent("snapshot-format-2/default.json")))
    let hex = try stateSQL(
      "SELECT hex(image) FROM snapshot WHERE session = 'default'",
      database: Self.fixtures.appendingPathComponent("snapshot-format-3/state.sqlite3").path)
    let format3 = stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
      let start = hex.index(hex.startIndex, offsetBy: offset)
      return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
    }
    let images = [format1, format2, format3, try image().encoded()]
    for (index, image) in images.enumerated() {
      XCTAssertNoThrow(try SessionImage.decode(image), "format \(index + 1) reads")
    }
    var random = SystemRandomNumberGenerator()
    var refused = 0
    for (index, image) in images.enumerated() {
      for _ in 0..<100 {
        var damaged = Array(image.prefix(Int.random(in: 0..<image.count, using: &random)))
        if Bool.random(using: &random) {
          damaged = image
          damaged[Int.random(in: 0..<image.count, using: &random)] ^= UInt8.random(
            in: 1...255, using: &random)
        }
        do {
          _ = try SessionImage.decode(damaged)
        } catch {
          XCTAssertFalse("\(error)".isEmpty, "format \(index + 1)")
          refused += 1
        }
      }
    }
    XCTAssertGreaterThan(refused, 200)
  }
}
