// The C library's sin, cos, atan2, exp, log (no Foundation: the CLI links
// without it).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2D affine transform, as `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  /// Creates a transform from its six coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A scale by `sx`, `sy`.
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A translation by `tx`, `ty`.
  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A rotation by `angle` radians (clockwise on screen, as UIKit).
  public init(rotationAngle angle: Double) {
    let cosine = cos(angle)
    let sine = sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other` (as `CGAffineTransform.concatenating`).
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// The image of `point`.
  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  public var description: String {
    if isIdentity { return "identity" }
    let parts = [a, b, c, d, tx, ty].map(formatPoints)
    return "[\(parts.joined(separator: ", "))]"
  }
}

extension AffineTransform {
  /// The transform split into translation, rotation, scale and shear, in the
  /// order Core Animation uses when it interpolates transforms:
  /// M = scale · shear · rotation, then translation.
  struct Decomposition: Equatable {
    var translationX: Double
    var translationY: Double
    var rotation: Double
    var scaleX: Double
    var scaleY: Double
    var shear: Double
  }

  /// Splits the linear part as [a b; c d] = [sx 0; 0 sy]·[1 0; k 1]·R(θ), so
  /// that the first row is sx·(cos θ, sin θ). A zero first row (a flip
  /// collapsed to nothing) keeps θ = 0 so the interpolation stays defined.
  var decomposition: Decomposition {
    let scaleX = (a * a + b * b).squareRoot()
    guard scaleX > 1e-12 else {
      return Decomposition(
        translationX: tx, translationY: ty, rotation: 0, scaleX: 0, scaleY: d,
        shear: abs(d) > 1e-12 ? c / d : 0)
    }
    let rotation = atan2(b, a)
    let cosine = a / scaleX
    let sine = b / scaleX
    // Second row = (k·cosθ − sinθ, k·sinθ + cosθ)·sy  →  solve for k·sy and sy.
    let scaleY = -c * sine + d * cosine
    let shearTimesScaleY = c * cosine + d * sine
    let shear = abs(scaleY) > 1e-12 ? shearTimesScaleY / scaleY : 0
    return Decomposition(
      translationX: tx, translationY: ty, rotation: rotation,
      scaleX: scaleX, scaleY: scaleY, shear: shear)
  }

  /// Rebuilds a transform from its decomposition.
  init(_ parts: Decomposition) {
    let cosine = cos(parts.rotation)
    let sine = sin(parts.rotation)
    self.init(
      a: parts.scaleX * cosine,
      b: parts.scaleX * sine,
      c: parts.scaleY * (parts.shear * cosine - sine),
      d: parts.scaleY * (parts.shear * sine + cosine),
      tx: parts.translationX,
      ty: parts.translationY)
  }
}
