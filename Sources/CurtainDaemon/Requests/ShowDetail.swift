// `ShowDetail`: `showDetailViewController(_:sender:)`, routed up the
// sender's parents to a controller that handles it, else presented by the
// sender.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let showDetail = showRequest(.showDetail, kind: .showDetail, body: { $0.showDetail })
}
