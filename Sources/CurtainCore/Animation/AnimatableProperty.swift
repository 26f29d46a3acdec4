/// The view properties Curtain animates (Core Animation's animatable subset).
public enum AnimatableProperty: String, Hashable, Sendable, CaseIterable {
  /// The untransformed frame (centre and bounds size together).
  case frame
  /// The centre, in the superview's coordinates.
  case center
  /// The bounds rectangle.
  case bounds
  /// The opacity, 0…1.
  case alpha
  /// The affine transform around the centre.
  case transform
  /// The corner radius.
  case cornerRadius

  /// The kind of value the property holds.
  public var valueKind: AnimatableValue.Kind {
    switch self {
    case .frame, .bounds: return .rect
    case .center: return .point
    case .alpha, .cornerRadius: return .scalar
    case .transform: return .transform
    }
  }
}

/// A value of an animatable property.
public enum AnimatableValue: Hashable, Sendable, CustomStringConvertible {
  /// A rectangle (frame, bounds).
  case rect(Rect)
  /// A point (center).
  case point(Point)
  /// A number (alpha, corner radius).
  case scalar(Double)
  /// A transform.
  case transform(AffineTransform)

  /// The kinds of values.
  public enum Kind: String, Hashable, Sendable {
    case rect, point, scalar, transform
  }

  /// This value's kind.
  public var kind: Kind {
    switch self {
    case .rect: return .rect
    case .point: return .point
    case .scalar: return .scalar
    case .transform: return .transform
    }
  }

  /// Blends two values of the same kind; a mismatch keeps `self`.
  public func interpolated(to other: AnimatableValue, fraction: Double) -> AnimatableValue {
    switch (self, other) {
    case (.rect(let a), .rect(let b)): return .rect(a.interpolated(to: b, fraction: fraction))
    case (.point(let a), .point(let b)): return .point(a.interpolated(to: b, fraction: fraction))
    case (.scalar(let a), .scalar(let b)): return .scalar(a.interpolated(to: b, fraction: fraction))
    case (.transform(let a), .transform(let b)):
      return .transform(a.interpolated(to: b, fraction: fraction))
    default: return self
    }
  }

  public var description: String {
    switch self {
    case .rect(let r): return r.description
    case .point(let p): return p.description
    case .scalar(let s): return formatPoints(s)
    case .transform(let t): return t.description
    }
  }
}
