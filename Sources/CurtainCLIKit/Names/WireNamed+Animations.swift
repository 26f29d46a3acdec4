// The names of the properties an animation track moves.

public import CurtainWire

extension Curtain_V1_AnimatableProperty: WireNamed {
  /// `frame`, `center`, `bounds`, `alpha`, `transform`, `cornerRadius`.
  public static let nameTable = NameTable<Self>(
    [
      (.frame, "frame"), (.center, "center"), (.bounds, "bounds"), (.alpha, "alpha"),
      (.transform, "transform"), (.cornerRadius, "cornerRadius"),
    ],
    printedOnly: [(.unspecified, "unspecified")], unrecognized: "property")
}
