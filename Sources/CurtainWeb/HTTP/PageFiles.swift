// The page's files (Sources/CurtainWeb/Page: HTML, CSS, plain
// JavaScript), read once from the target's resources when curtain-web
// starts and served from memory. Nothing is fetched from anywhere else at
// run time.

import Foundation

/// The files of the page, by URL path.
struct PageFiles: Sendable {
  struct File: Sendable {
    let bytes: [UInt8]
    let type: String
  }

  let files: [String: File]

  /// Reads every file of `directory` (by default the bundled Page folder).
  init(directory: URL? = nil) throws {
    guard let folder = directory ?? Bundle.module.url(forResource: "Page", withExtension: nil)
    else {
      throw APIError.notFound("the page's files are missing from curtain-web's resources")
    }
    var files: [String: File] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      files["/" + name] = File(bytes: Array(data), type: Self.type(of: name))
    }
    if let index = files["/index.html"] { files["/"] = index }
    self.files = files
  }

  private static func type(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "html": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js": return "text/javascript; charset=utf-8"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    default: return "application/octet-stream"
    }
  }
}
