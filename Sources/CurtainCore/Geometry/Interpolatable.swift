/// A value that can be blended with another of its kind, as Core Animation
/// blends presentation values. `fraction` 0 gives `self`, 1 gives `other`;
/// values outside [0, 1] extrapolate (springs overshoot).
public protocol Interpolatable {
  /// The value `fraction` of the way from `self` to `other`.
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  public func interpolated(to other: Double, fraction: Double) -> Double {
    if fraction == 0 { return self }
    if fraction == 1 { return other }
    return self + (other - self) * fraction
  }
}

extension Point: Interpolatable {
  public func interpolated(to other: Point, fraction: Double) -> Point {
    Point(
      x: x.interpolated(to: other.x, fraction: fraction),
      y: y.interpolated(to: other.y, fraction: fraction))
  }
}

extension Size: Interpolatable {
  public func interpolated(to other: Size, fraction: Double) -> Size {
    Size(
      width: width.interpolated(to: other.width, fraction: fraction),
      height: height.interpolated(to: other.height, fraction: fraction))
  }
}

extension Rect: Interpolatable {
  public func interpolated(to other: Rect, fraction: Double) -> Rect {
    Rect(
      origin: origin.interpolated(to: other.origin, fraction: fraction),
      size: size.interpolated(to: other.size, fraction: fraction))
  }
}

extension EdgeInsets: Interpolatable {
  public func interpolated(to other: EdgeInsets, fraction: Double) -> EdgeInsets {
    EdgeInsets(
      top: top.interpolated(to: other.top, fraction: fraction),
      left: left.interpolated(to: other.left, fraction: fraction),
      bottom: bottom.interpolated(to: other.bottom, fraction: fraction),
      right: right.interpolated(to: other.right, fraction: fraction))
  }
}

extension AffineTransform: Interpolatable {
  /// Interpolates translation, rotation (the shorter way round), scale and
  /// shear separately, so a rotation stays a rotation half-way through.
  public func interpolated(to other: AffineTransform, fraction: Double) -> AffineTransform {
    if fraction == 0 { return self }
    if fraction == 1 { return other }
    let from = decomposition
    let to = other.decomposition
    var delta = to.rotation - from.rotation
    if delta > Double.pi { delta -= 2 * Double.pi }
    if delta < -Double.pi { delta += 2 * Double.pi }
    return AffineTransform(
      Decomposition(
        translationX: from.translationX.interpolated(to: to.translationX, fraction: fraction),
        translationY: from.translationY.interpolated(to: to.translationY, fraction: fraction),
        rotation: from.rotation + delta * fraction,
        scaleX: from.scaleX.interpolated(to: to.scaleX, fraction: fraction),
        scaleY: from.scaleY.interpolated(to: to.scaleY, fraction: fraction),
        shear: from.shear.interpolated(to: to.shear, fraction: fraction)))
  }
}
