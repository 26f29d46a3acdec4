// Every request handler, in one alphabetised table (sway's handler table,
// tmux's cmd_table). Each handler lives in its own file in this folder.

/// The handler table.
enum RequestTable {
  /// All handlers, sorted by request name.
  static let handlers: [RequestHandler] = [
    .addChild,
    .advanceClock,
    .animateAlongside,
    .beginAppearanceTransition,
    .beginInteractive,
    .cancelInteractive,
    .checkRecording,
    .clearDelegate,
    .closeWindow,
    .completeTransition,
    .configureController,
    .configureSplit,
    .createController,
    .createWindow,
    .delegateReply,
    .deleteController,
    .dismiss,
    .endAppearanceTransition,
    .exportSession,
    .finishInteractive,
    .getMetrics,
    .getStatus,
    .getTrace,
    .getTree,
    .hello,
    .importSession,
    .instantiateScene,
    .killSession,
    .lease,
    .listControllers,
    .listNodes,
    .listSessions,
    .listTransitions,
    .listWindows,
    .loadStoryboard,
    .moveSession,
    .pauseTransition,
    .performSegue,
    .pop,
    .popTo,
    .popToRoot,
    .present,
    .push,
    .record,
    .release,
    .removeFromParent,
    .resizeWindow,
    .selectTab,
    .setCollectionLayout,
    .setDelegate,
    .setPages,
    .setRoot,
    .setSplitColumns,
    .setStack,
    .setTabs,
    .setWindowSpeed,
    .setWindowVisible,
    .show,
    .showDetail,
    .shutdown,
    .subscribe,
    .sync,
    .tap,
    .transitionChildren,
    .transitionFrame,
    .turnPage,
    .unloadStoryboard,
    .unsubscribe,
    .unwind,
    .updateInteractive,
    .waitIdle,
  ]

  /// The handlers by `RequestKind.ordinal`.
  private static let byOrdinal: [RequestHandler?] = {
    var table = [RequestHandler?](repeating: nil, count: RequestKind.allCases.count)
    for handler in handlers.reversed() { table[handler.kind.ordinal] = handler }
    return table
  }()

  /// The handler of a request kind.
  static func handler(for kind: RequestKind) -> RequestHandler? {
    byOrdinal[kind.ordinal]
  }
}
