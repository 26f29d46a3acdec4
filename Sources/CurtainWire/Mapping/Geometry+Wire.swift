// Conversions between CurtainCore's geometry and the wire's.

public import CurtainCore

extension Curtain_V1_Point {
  /// The wire form of a point.
  public init(_ point: Point) {
    self.init()
    x = point.x
    y = point.y
  }
}

extension Point {
  /// The core form of a wire point.
  public init(_ wire: Curtain_V1_Point) { self.init(x: wire.x, y: wire.y) }
}

extension Curtain_V1_Size {
  /// The wire form of a size.
  public init(_ size: Size) {
    self.init()
    width = size.width
    height = size.height
  }
}

extension Size {
  /// The core form of a wire size.
  public init(_ wire: Curtain_V1_Size) { self.init(width: wire.width, height: wire.height) }
}

extension Curtain_V1_Rect {
  /// The wire form of a rectangle.
  public init(_ rect: Rect) {
    self.init()
    x = rect.minX
    y = rect.minY
    width = rect.width
    height = rect.height
  }
}

extension Rect {
  /// The core form of a wire rectangle.
  public init(_ wire: Curtain_V1_Rect) {
    self.init(x: wire.x, y: wire.y, width: wire.width, height: wire.height)
  }
}

extension Curtain_V1_EdgeInsets {
  /// The wire form of insets.
  public init(_ insets: EdgeInsets) {
    self.init()
    top = insets.top
    left = insets.left
    bottom = insets.bottom
    right = insets.right
  }
}

extension EdgeInsets {
  /// The core form of wire insets.
  public init(_ wire: Curtain_V1_EdgeInsets) {
    self.init(top: wire.top, left: wire.left, bottom: wire.bottom, right: wire.right)
  }
}

extension Curtain_V1_Transform {
  /// The wire form of a transform.
  public init(_ transform: AffineTransform) {
    self.init()
    a = transform.a
    b = transform.b
    c = transform.c
    d = transform.d
    tx = transform.tx
    ty = transform.ty
  }
}

extension AffineTransform {
  /// The core form of a wire transform.
  public init(_ wire: Curtain_V1_Transform) {
    self.init(a: wire.a, b: wire.b, c: wire.c, d: wire.d, tx: wire.tx, ty: wire.ty)
  }
}

extension Curtain_V1_ViewState {
  /// The wire form of a view's state.
  public init(_ state: ViewState) {
    self.init()
    frame = Curtain_V1_Rect(state.frame)
    bounds = Curtain_V1_Rect(state.bounds)
    alpha = state.alpha
    transform = Curtain_V1_Transform(state.transform)
    cornerRadius = state.cornerRadius
  }
}
