// Every error of the HTTP side is JSON: `{"error":{"code":…,"message":…}}`
// with the status that fits (404 for an unknown id or path, 400 for a bad
// body, 403 for a change on a read-only inspector, 503 while the daemon is
// unavailable). The middleware turns what handlers throw, and the router's
// own "not found", into that.

import CurtainCLIKit
import Hummingbird
import NIOCore

/// A request the HTTP side refuses before asking the daemon.
struct APIError: Error {
  let status: HTTPResponse.Status
  let code: String
  let message: String

  static func notFound(_ message: String) -> APIError {
    APIError(status: .notFound, code: "NOT_FOUND", message: message)
  }

  static func invalid(_ message: String) -> APIError {
    APIError(status: .badRequest, code: "INVALID_ARGUMENT", message: message)
  }

  static let readOnly = APIError(
    status: .forbidden, code: "PERMISSION_DENIED",
    message: "curtain-web is read-only: start it with --read-write to change windows")
}

/// Turns errors into JSON responses.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return Self.response(error.status, error.code, error.message)
    } catch let error as BridgeError {
      return Self.response(
        HTTPResponse.Status(code: error.httpStatus), error.code, error.message)
    } catch let error as HTTPError {
      if error.status == .notFound {
        return Self.response(.notFound, "NOT_FOUND", "Nothing at \(request.uri.path)")
      }
      return Self.response(
        error.status, "HTTP_\(error.status.code)", error.body ?? "\(error.status)")
    }
  }

  static func response(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response
  {
    WebResponse.json(
      .object([("error", .object([("code", .string(code)), ("message", .string(message))]))]),
      status: status)
  }
}

/// Building responses.
enum WebResponse {
  /// A JSON response (one line).
  static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    text(value.rendered + "\n", type: "application/json; charset=utf-8", status: status)
  }

  /// A text response of `type`.
  static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.cacheControl] = "no-store"
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
