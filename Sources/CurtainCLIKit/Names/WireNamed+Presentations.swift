// The names of modal presentation and transition styles: UIKit's.

public import CurtainWire

extension Curtain_V1_ModalPresentationStyle: WireNamed {
  /// UIKit's names of `UIModalPresentationStyle` (`fullScreen`).
  public static let nameTable = NameTable<Self>(
    [
      (.automatic, "automatic"),
      (.fullScreen, "fullScreen"),
      (.pageSheet, "pageSheet"),
      (.formSheet, "formSheet"),
      (.currentContext, "currentContext"),
      (.custom, "custom"),
      (.overFullScreen, "overFullScreen"),
      (.overCurrentContext, "overCurrentContext"),
      (.popover, "popover"),
      (.none, "none"),
    ],
    unrecognized: "style")
}

extension Curtain_V1_ModalTransitionStyle: WireNamed {
  /// UIKit's names of `UIModalTransitionStyle` (`coverVertical`).
  public static let nameTable = NameTable<Self>(
    [
      (.coverVertical, "coverVertical"), (.flipHorizontal, "flipHorizontal"),
      (.crossDissolve, "crossDissolve"), (.partialCurl, "partialCurl"),
    ],
    unrecognized: "transition")
}
