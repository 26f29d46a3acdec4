// `CreateController`: a new controller of a kind, in no window yet; split
// view controllers may come with preferences, page view controllers with
// their style, orientation and spine, collection view controllers with their
// items, layout and useLayoutToLayoutNavigationTransitions.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let createController = RequestHandler.session(
    .createController, mutates: true,
    run: { context in
      let body = context.request.createController
      let kind = try ControllerKind(body.kind)
      if body.hasSplit, kind != .split {
        return .invalid("Split preferences apply only to split view controllers")
      }
      if body.hasPage, kind != .page {
        return .invalid("Page options apply only to page view controllers")
      }
      if body.hasCollection, kind != .collection {
        return .invalid("Collection options apply only to collection view controllers")
      }
      // Everything is checked before the controller exists.
      let preferences = body.hasSplit ? try SplitPreferenceChange(body.split) : nil
      _ = try preferences?.applied(to: SplitPreferences())
      let options = body.hasPage ? try PageOptions(body.page) : nil
      let collection = body.hasCollection ? try CollectionOptions(body.collection) : nil
      let session = context.session
      let controller = try session.makeController(
        kind: kind, identifier: body.identifier.isEmpty ? nil : body.identifier,
        title: body.title.isEmpty ? nil : body.title)
      if let preferences, !preferences.isEmpty {
        try session.submit(
          .configureSplit(split: controller.id, change: preferences, animated: false, animator: nil)
        )
      }
      if let options, let page = controller as? PageViewController { try page.configure(options) }
      if let collection, let made = controller as? CollectionViewController {
        try made.configure(collection)
      }
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}
