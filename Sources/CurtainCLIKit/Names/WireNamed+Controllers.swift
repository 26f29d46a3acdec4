// The names of controllers' kinds and states, of split and page view
// controllers' settings, and of a client's shouldPerformSegue answers.

public import CurtainWire

extension Curtain_V1_ControllerKind: WireNamed {
  /// `content`, `navigation`, `tabBar`, `container`, `split`, `page`,
  /// `collection`; the command line also takes `nav`, `tab`, `tabbar` and
  /// `tab-bar`.
  public static let nameTable = NameTable<Self>(
    [
      (.content, "content"), (.navigation, "navigation"), (.tabBar, "tabBar"),
      (.container, "container"), (.split, "split"), (.page, "page"),
      (.collection, "collection"),
    ],
    aliases: [("nav", .navigation), ("tab", .tabBar), ("tabbar", .tabBar), ("tab-bar", .tabBar)],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "kind")
}

extension Curtain_V1_AppearanceState: WireNamed {
  /// `disappeared`, `appearing`, `appeared`, `disappearing`.
  public static let nameTable = NameTable<Self>(
    [
      (.disappeared, "disappeared"), (.appearing, "appearing"), (.appeared, "appeared"),
      (.disappearing, "disappearing"),
    ],
    unrecognized: "state")
}

extension Curtain_V1_SplitDisplayMode: WireNamed {
  /// UIKit's names (`oneBesideSecondary`); the command line also takes
  /// `auto`.
  public static let nameTable = NameTable<Self>(
    [
      (.automatic, "automatic"), (.secondaryOnly, "secondaryOnly"),
      (.oneBesideSecondary, "oneBesideSecondary"), (.oneOverSecondary, "oneOverSecondary"),
    ],
    aliases: [("auto", .automatic)], unrecognized: "displayMode")
}

extension Curtain_V1_PageTransitionStyle: WireNamed {
  /// `scroll`, `pageCurl`; the command line also takes `curl`.
  public static let nameTable = NameTable<Self>(
    [(.scroll, "scroll"), (.pageCurl, "pageCurl")], aliases: [("curl", .pageCurl)],
    unrecognized: "pageTransitionStyle")
}

extension Curtain_V1_PageOrientation: WireNamed {
  /// `horizontal`, `vertical`.
  public static let nameTable = NameTable<Self>(
    [(.horizontal, "horizontal"), (.vertical, "vertical")], unrecognized: "orientation")
}

extension Curtain_V1_PageSpineLocation: WireNamed {
  /// `none`, `min`, `mid`, `max`; `default` (the style decides) is printed
  /// only.
  public static let nameTable = NameTable<Self>(
    [(.none, "none"), (.min, "min"), (.mid, "mid"), (.max, "max")],
    printedOnly: [(.default, "default")], unrecognized: "spine")
}

extension Curtain_V1_ShouldPerformAnswer: WireNamed {
  /// `yes`, `no`, `storyboard` (the segue's own answer).
  public static let nameTable = NameTable<Self>(
    [(.yes, "yes"), (.no, "no"), (.storyboard, "storyboard")], unrecognized: "answer")
}
