/// The animatable state of a view, as Core Animation's layer keeps it:
/// centre, bounds, transform, alpha and corner radius. The frame is derived
/// (the untransformed rectangle around the centre) and setting it moves the
/// centre and resizes the bounds.
public struct ViewState: Hashable, Sendable {
  /// The centre in the superview's coordinates.
  public var center: Point
  /// The bounds (origin is the scroll offset, usually zero).
  public var bounds: Rect
  /// The transform around the centre.
  public var transform: AffineTransform
  /// The opacity.
  public var alpha: Double
  /// The corner radius.
  public var cornerRadius: Double

  /// A state with the given frame and defaults for everything else.
  public init(
    frame: Rect, transform: AffineTransform = .identity, alpha: Double = 1,
    cornerRadius: Double = 0
  ) {
    self.center = frame.center
    self.bounds = frame.localBounds
    self.transform = transform
    self.alpha = alpha
    self.cornerRadius = cornerRadius
  }

  /// The untransformed frame in the superview's coordinates.
  public var frame: Rect {
    get { Rect(center: center, size: bounds.size) }
    set {
      center = newValue.center
      bounds.size = newValue.size
    }
  }

  /// The value of `property`.
  public subscript(property: AnimatableProperty) -> AnimatableValue {
    get {
      switch property {
      case .frame: return .rect(frame)
      case .center: return .point(center)
      case .bounds: return .rect(bounds)
      case .alpha: return .scalar(alpha)
      case .transform: return .transform(transform)
      case .cornerRadius: return .scalar(cornerRadius)
      }
    }
    set {
      switch (property, newValue) {
      case (.frame, .rect(let r)): frame = r
      case (.center, .point(let p)): center = p
      case (.bounds, .rect(let r)): bounds = r
      case (.alpha, .scalar(let s)): alpha = s
      case (.transform, .transform(let t)): transform = t
      case (.cornerRadius, .scalar(let s)): cornerRadius = s
      default: break
      }
    }
  }
}
