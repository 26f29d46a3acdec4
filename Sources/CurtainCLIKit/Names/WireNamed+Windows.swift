// The names of a window's clock and traits, and of UIKit's named animation
// curves.

public import CurtainWire

extension Curtain_V1_ClockMode: WireNamed {
  /// `realtime`, `manual`.
  public static let nameTable = NameTable<Self>(
    [(.realtime, "realtime"), (.manual, "manual")], unrecognized: "clock")
}

extension Curtain_V1_SizeClass: WireNamed {
  /// `compact`, `regular`; `unspecified` is printed only.
  public static let nameTable = NameTable<Self>(
    [(.compact, "compact"), (.regular, "regular")],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "sizeClass")
}

extension Curtain_V1_Idiom: WireNamed {
  /// `phone`, `pad`.
  public static let nameTable = NameTable<Self>(
    [(.phone, "phone"), (.pad, "pad")], unrecognized: "idiom")
}

extension Curtain_V1_NamedCurve: WireNamed {
  /// `easeInOut`, `easeIn`, `easeOut`, `linear`; `default` (the curve the
  /// animation would use) is printed only.
  public static let nameTable = NameTable<Self>(
    [(.easeInOut, "easeInOut"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.linear, "linear")],
    printedOnly: [(.default, "default")], unrecognized: "curve")
}

extension Curtain_V1_TraceClock: WireNamed {
  /// `window` (the window's model time), `wall` (the daemon's wall clock).
  public static let nameTable = NameTable<Self>(
    [(.window, "window"), (.wall, "wall")], unrecognized: "clock")
}
