from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ControllerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONTROLLER_KIND_UNSPECIFIED: _ClassVar[ControllerKind]
    CONTROLLER_KIND_CONTENT: _ClassVar[ControllerKind]
    CONTROLLER_KIND_NAVIGATION: _ClassVar[ControllerKind]
    CONTROLLER_KIND_TAB_BAR: _ClassVar[ControllerKind]
    CONTROLLER_KIND_CONTAINER: _ClassVar[ControllerKind]
    CONTROLLER_KIND_SPLIT: _ClassVar[ControllerKind]
    CONTROLLER_KIND_PAGE: _ClassVar[ControllerKind]
    CONTROLLER_KIND_COLLECTION: _ClassVar[ControllerKind]

class SplitDisplayMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SPLIT_DISPLAY_MODE_AUTOMATIC: _ClassVar[SplitDisplayMode]
    SPLIT_DISPLAY_MODE_SECONDARY_ONLY: _ClassVar[SplitDisplayMode]
    SPLIT_DISPLAY_MODE_ONE_BESIDE_SECONDARY: _ClassVar[SplitDisplayMode]
    SPLIT_DISPLAY_MODE_ONE_OVER_SECONDARY: _ClassVar[SplitDisplayMode]

class PageTransitionStyle(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAGE_TRANSITION_STYLE_SCROLL: _ClassVar[PageTransitionStyle]
    PAGE_TRANSITION_STYLE_PAGE_CURL: _ClassVar[PageTransitionStyle]

class PageOrientation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAGE_ORIENTATION_HORIZONTAL: _ClassVar[PageOrientation]
    PAGE_ORIENTATION_VERTICAL: _ClassVar[PageOrientation]

class PageSpineLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAGE_SPINE_LOCATION_DEFAULT: _ClassVar[PageSpineLocation]
    PAGE_SPINE_LOCATION_NONE: _ClassVar[PageSpineLocation]
    PAGE_SPINE_LOCATION_MIN: _ClassVar[PageSpineLocation]
    PAGE_SPINE_LOCATION_MID: _ClassVar[PageSpineLocation]
    PAGE_SPINE_LOCATION_MAX: _ClassVar[PageSpineLocation]

class ModalPresentationStyle(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MODAL_PRESENTATION_STYLE_AUTOMATIC: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_FULL_SCREEN: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_PAGE_SHEET: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_FORM_SHEET: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_CURRENT_CONTEXT: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_CUSTOM: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_OVER_CURRENT_CONTEXT: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_POPOVER: _ClassVar[ModalPresentationStyle]
    MODAL_PRESENTATION_STYLE_NONE: _ClassVar[ModalPresentationStyle]

class ModalTransitionStyle(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MODAL_TRANSITION_STYLE_COVER_VERTICAL: _ClassVar[ModalTransitionStyle]
    MODAL_TRANSITION_STYLE_FLIP_HORIZONTAL: _ClassVar[ModalTransitionStyle]
    MODAL_TRANSITION_STYLE_CROSS_DISSOLVE: _ClassVar[ModalTransitionStyle]
    MODAL_TRANSITION_STYLE_PARTIAL_CURL: _ClassVar[ModalTransitionStyle]

class AppearanceState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    APPEARANCE_STATE_DISAPPEARED: _ClassVar[AppearanceState]
    APPEARANCE_STATE_APPEARING: _ClassVar[AppearanceState]
    APPEARANCE_STATE_APPEARED: _ClassVar[AppearanceState]
    APPEARANCE_STATE_DISAPPEARING: _ClassVar[AppearanceState]

class SizeClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SIZE_CLASS_UNSPECIFIED: _ClassVar[SizeClass]
    SIZE_CLASS_COMPACT: _ClassVar[SizeClass]
    SIZE_CLASS_REGULAR: _ClassVar[SizeClass]

class Idiom(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    IDIOM_PHONE: _ClassVar[Idiom]
    IDIOM_PAD: _ClassVar[Idiom]

class ClockMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLOCK_MODE_REALTIME: _ClassVar[ClockMode]
    CLOCK_MODE_MANUAL: _ClassVar[ClockMode]

class AnimatableProperty(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ANIMATABLE_PROPERTY_UNSPECIFIED: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_FRAME: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_CENTER: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_BOUNDS: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_ALPHA: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_TRANSFORM: _ClassVar[AnimatableProperty]
    ANIMATABLE_PROPERTY_CORNER_RADIUS: _ClassVar[AnimatableProperty]

class NamedCurve(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NAMED_CURVE_EASE_IN_OUT: _ClassVar[NamedCurve]
    NAMED_CURVE_LINEAR: _ClassVar[NamedCurve]
    NAMED_CURVE_EASE_IN: _ClassVar[NamedCurve]
    NAMED_CURVE_EASE_OUT: _ClassVar[NamedCurve]
    NAMED_CURVE_DEFAULT: _ClassVar[NamedCurve]

class DelegateRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DELEGATE_ROLE_UNSPECIFIED: _ClassVar[DelegateRole]
    DELEGATE_ROLE_TRANSITIONING: _ClassVar[DelegateRole]
    DELEGATE_ROLE_NAVIGATION: _ClassVar[DelegateRole]
    DELEGATE_ROLE_TAB_BAR: _ClassVar[DelegateRole]
    DELEGATE_ROLE_ADAPTIVE_PRESENTATION: _ClassVar[DelegateRole]
    DELEGATE_ROLE_SEGUE: _ClassVar[DelegateRole]

class DelegateMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DELEGATE_METHOD_UNSPECIFIED: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_TAB_BAR_SHOULD_SELECT: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_TAB_BAR_ANIMATION_CONTROLLER: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_PRESENTED: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_DISMISSED: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_SHOULD_PERFORM_SEGUE: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_ADAPTIVE_PRESENTATION_STYLE: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_PRESENTATION_CONTROLLER_SHOULD_DISMISS: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_NAVIGATION_INTERACTION_CONTROLLER: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_TAB_BAR_INTERACTION_CONTROLLER: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_PRESENTATION: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_DISMISSAL: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_PRESENTATION_CONTROLLER: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_FRAME_OF_PRESENTED_VIEW: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_PREPARE_FOR_SEGUE: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_SHOULD_REMOVE_PRESENTERS_VIEW: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_PRESENTATION_TRANSITION_WILL_BEGIN: _ClassVar[DelegateMethod]
    DELEGATE_METHOD_DISMISSAL_TRANSITION_WILL_BEGIN: _ClassVar[DelegateMethod]
CONTROLLER_KIND_UNSPECIFIED: ControllerKind
CONTROLLER_KIND_CONTENT: ControllerKind
CONTROLLER_KIND_NAVIGATION: ControllerKind
CONTROLLER_KIND_TAB_BAR: ControllerKind
CONTROLLER_KIND_CONTAINER: ControllerKind
CONTROLLER_KIND_SPLIT: ControllerKind
CONTROLLER_KIND_PAGE: ControllerKind
CONTROLLER_KIND_COLLECTION: ControllerKind
SPLIT_DISPLAY_MODE_AUTOMATIC: SplitDisplayMode
SPLIT_DISPLAY_MODE_SECONDARY_ONLY: SplitDisplayMode
SPLIT_DISPLAY_MODE_ONE_BESIDE_SECONDARY: SplitDisplayMode
SPLIT_DISPLAY_MODE_ONE_OVER_SECONDARY: SplitDisplayMode
PAGE_TRANSITION_STYLE_SCROLL: PageTransitionStyle
PAGE_TRANSITION_STYLE_PAGE_CURL: PageTransitionStyle
PAGE_ORIENTATION_HORIZONTAL: PageOrientation
PAGE_ORIENTATION_VERTICAL: PageOrientation
PAGE_SPINE_LOCATION_DEFAULT: PageSpineLocation
PAGE_SPINE_LOCATION_NONE: PageSpineLocation
PAGE_SPINE_LOCATION_MIN: PageSpineLocation
PAGE_SPINE_LOCATION_MID: PageSpineLocation
PAGE_SPINE_LOCATION_MAX: PageSpineLocation
MODAL_PRESENTATION_STYLE_AUTOMATIC: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_FULL_SCREEN: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_PAGE_SHEET: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_FORM_SHEET: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_CURRENT_CONTEXT: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_CUSTOM: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_OVER_CURRENT_CONTEXT: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_POPOVER: ModalPresentationStyle
MODAL_PRESENTATION_STYLE_NONE: ModalPresentationStyle
MODAL_TRANSITION_STYLE_COVER_VERTICAL: ModalTransitionStyle
MODAL_TRANSITION_STYLE_FLIP_HORIZONTAL: ModalTransitionStyle
MODAL_TRANSITION_STYLE_CROSS_DISSOLVE: ModalTransitionStyle
MODAL_TRANSITION_STYLE_PARTIAL_CURL: ModalTransitionStyle
APPEARANCE_STATE_DISAPPEARED: AppearanceState
APPEARANCE_STATE_APPEARING: AppearanceState
APPEARANCE_STATE_APPEARED: AppearanceState
APPEARANCE_STATE_DISAPPEARING: AppearanceState
SIZE_CLASS_UNSPECIFIED: SizeClass
SIZE_CLASS_COMPACT: SizeClass
SIZE_CLASS_REGULAR: SizeClass
IDIOM_PHONE: Idiom
IDIOM_PAD: Idiom
CLOCK_MODE_REALTIME: ClockMode
CLOCK_MODE_MANUAL: ClockMode
ANIMATABLE_PROPERTY_UNSPECIFIED: AnimatableProperty
ANIMATABLE_PROPERTY_FRAME: AnimatableProperty
ANIMATABLE_PROPERTY_CENTER: AnimatableProperty
ANIMATABLE_PROPERTY_BOUNDS: AnimatableProperty
ANIMATABLE_PROPERTY_ALPHA: AnimatableProperty
ANIMATABLE_PROPERTY_TRANSFORM: AnimatableProperty
ANIMATABLE_PROPERTY_CORNER_RADIUS: AnimatableProperty
NAMED_CURVE_EASE_IN_OUT: NamedCurve
NAMED_CURVE_LINEAR: NamedCurve
NAMED_CURVE_EASE_IN: NamedCurve
NAMED_CURVE_EASE_OUT: NamedCurve
NAMED_CURVE_DEFAULT: NamedCurve
DELEGATE_ROLE_UNSPECIFIED: DelegateRole
DELEGATE_ROLE_TRANSITIONING: DelegateRole
DELEGATE_ROLE_NAVIGATION: DelegateRole
DELEGATE_ROLE_TAB_BAR: DelegateRole
DELEGATE_ROLE_ADAPTIVE_PRESENTATION: DelegateRole
DELEGATE_ROLE_SEGUE: DelegateRole
DELEGATE_METHOD_UNSPECIFIED: DelegateMethod
DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER: DelegateMethod
DELEGATE_METHOD_TAB_BAR_SHOULD_SELECT: DelegateMethod
DELEGATE_METHOD_TAB_BAR_ANIMATION_CONTROLLER: DelegateMethod
DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_PRESENTED: DelegateMethod
DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_DISMISSED: DelegateMethod
DELEGATE_METHOD_SHOULD_PERFORM_SEGUE: DelegateMethod
DELEGATE_METHOD_ADAPTIVE_PRESENTATION_STYLE: DelegateMethod
DELEGATE_METHOD_PRESENTATION_CONTROLLER_SHOULD_DISMISS: DelegateMethod
DELEGATE_METHOD_NAVIGATION_INTERACTION_CONTROLLER: DelegateMethod
DELEGATE_METHOD_TAB_BAR_INTERACTION_CONTROLLER: DelegateMethod
DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_PRESENTATION: DelegateMethod
DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_DISMISSAL: DelegateMethod
DELEGATE_METHOD_PRESENTATION_CONTROLLER: DelegateMethod
DELEGATE_METHOD_FRAME_OF_PRESENTED_VIEW: DelegateMethod
DELEGATE_METHOD_PREPARE_FOR_SEGUE: DelegateMethod
DELEGATE_METHOD_VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE: DelegateMethod
DELEGATE_METHOD_SHOULD_REMOVE_PRESENTERS_VIEW: DelegateMethod
DELEGATE_METHOD_PRESENTATION_TRANSITION_WILL_BEGIN: DelegateMethod
DELEGATE_METHOD_DISMISSAL_TRANSITION_WILL_BEGIN: DelegateMethod

class Point(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ...) -> None: ...

class Size(_message.Message):
    __slots__ = ("width", "height")
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    width: float
    height: float
    def __init__(self, width: _Optional[float] = ..., height: _Optional[float] = ...) -> None: ...

class Rect(_message.Message):
    __slots__ = ("x", "y", "width", "height")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    width: float
    height: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ..., width: _Optional[float] = ..., height: _Optional[float] = ...) -> None: ...

class EdgeInsets(_message.Message):
    __slots__ = ("top", "left", "bottom", "right")
    TOP_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    RIGHT_FIELD_NUMBER: _ClassVar[int]
    top: float
    left: float
    bottom: float
    right: float
    def __init__(self, top: _Optional[float] = ..., left: _Optional[float] = ..., bottom: _Optional[float] = ..., right: _Optional[float] = ...) -> None: ...

class Transform(_message.Message):
    __slots__ = ("a", "b", "c", "d", "tx", "ty")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    C_FIELD_NUMBER: _ClassVar[int]
    D_FIELD_NUMBER: _ClassVar[int]
    TX_FIELD_NUMBER: _ClassVar[int]
    TY_FIELD_NUMBER: _ClassVar[int]
    a: float
    b: float
    c: float
    d: float
    tx: float
    ty: float
    def __init__(self, a: _Optional[float] = ..., b: _Optional[float] = ..., c: _Optional[float] = ..., d: _Optional[float] = ..., tx: _Optional[float] = ..., ty: _Optional[float] = ...) -> None: ...

class SplitPreferences(_message.Message):
    __slots__ = ("display_mode", "primary_width_fraction", "primary_width", "minimum_primary_width", "maximum_primary_width")
    DISPLAY_MODE_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_WIDTH_FRACTION_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_WIDTH_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_PRIMARY_WIDTH_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_PRIMARY_WIDTH_FIELD_NUMBER: _ClassVar[int]
    display_mode: SplitDisplayMode
    primary_width_fraction: float
    primary_width: float
    minimum_primary_width: float
    maximum_primary_width: float
    def __init__(self, display_mode: _Optional[_Union[SplitDisplayMode, str]] = ..., primary_width_fraction: _Optional[float] = ..., primary_width: _Optional[float] = ..., minimum_primary_width: _Optional[float] = ..., maximum_primary_width: _Optional[float] = ...) -> None: ...

class PageOptions(_message.Message):
    __slots__ = ("transition_style", "orientation", "spine_location", "double_sided")
    TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    SPINE_LOCATION_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_SIDED_FIELD_NUMBER: _ClassVar[int]
    transition_style: PageTransitionStyle
    orientation: PageOrientation
    spine_location: PageSpineLocation
    double_sided: bool
    def __init__(self, transition_style: _Optional[_Union[PageTransitionStyle, str]] = ..., orientation: _Optional[_Union[PageOrientation, str]] = ..., spine_location: _Optional[_Union[PageSpineLocation, str]] = ..., double_sided: _Optional[bool] = ...) -> None: ...

class FlowLayout(_message.Message):
    __slots__ = ("item_size", "interitem_spacing", "line_spacing", "section_inset")
    ITEM_SIZE_FIELD_NUMBER: _ClassVar[int]
    INTERITEM_SPACING_FIELD_NUMBER: _ClassVar[int]
    LINE_SPACING_FIELD_NUMBER: _ClassVar[int]
    SECTION_INSET_FIELD_NUMBER: _ClassVar[int]
    item_size: Size
    interitem_spacing: float
    line_spacing: float
    section_inset: EdgeInsets
    def __init__(self, item_size: _Optional[_Union[Size, _Mapping]] = ..., interitem_spacing: _Optional[float] = ..., line_spacing: _Optional[float] = ..., section_inset: _Optional[_Union[EdgeInsets, _Mapping]] = ...) -> None: ...

class CollectionLayout(_message.Message):
    __slots__ = ("frames", "flow")
    class ItemFrames(_message.Message):
        __slots__ = ("frames",)
        FRAMES_FIELD_NUMBER: _ClassVar[int]
        frames: _containers.RepeatedCompositeFieldContainer[Rect]
        def __init__(self, frames: _Optional[_Iterable[_Union[Rect, _Mapping]]] = ...) -> None: ...
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    FLOW_FIELD_NUMBER: _ClassVar[int]
    frames: CollectionLayout.ItemFrames
    flow: FlowLayout
    def __init__(self, frames: _Optional[_Union[CollectionLayout.ItemFrames, _Mapping]] = ..., flow: _Optional[_Union[FlowLayout, _Mapping]] = ...) -> None: ...

class CollectionOptions(_message.Message):
    __slots__ = ("item_count", "layout", "layout_to_layout")
    ITEM_COUNT_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_TO_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    item_count: int
    layout: CollectionLayout
    layout_to_layout: bool
    def __init__(self, item_count: _Optional[int] = ..., layout: _Optional[_Union[CollectionLayout, _Mapping]] = ..., layout_to_layout: _Optional[bool] = ...) -> None: ...

class SplitInfo(_message.Message):
    __slots__ = ("collapsed", "preferred_display_mode", "display_mode", "primary_column_width")
    COLLAPSED_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_DISPLAY_MODE_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_MODE_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_COLUMN_WIDTH_FIELD_NUMBER: _ClassVar[int]
    collapsed: bool
    preferred_display_mode: SplitDisplayMode
    display_mode: SplitDisplayMode
    primary_column_width: float
    def __init__(self, collapsed: _Optional[bool] = ..., preferred_display_mode: _Optional[_Union[SplitDisplayMode, str]] = ..., display_mode: _Optional[_Union[SplitDisplayMode, str]] = ..., primary_column_width: _Optional[float] = ...) -> None: ...

class PageInfo(_message.Message):
    __slots__ = ("transition_style", "orientation", "spine_location", "double_sided", "data_source_ids")
    TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    SPINE_LOCATION_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_SIDED_FIELD_NUMBER: _ClassVar[int]
    DATA_SOURCE_IDS_FIELD_NUMBER: _ClassVar[int]
    transition_style: PageTransitionStyle
    orientation: PageOrientation
    spine_location: PageSpineLocation
    double_sided: bool
    data_source_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, transition_style: _Optional[_Union[PageTransitionStyle, str]] = ..., orientation: _Optional[_Union[PageOrientation, str]] = ..., spine_location: _Optional[_Union[PageSpineLocation, str]] = ..., double_sided: _Optional[bool] = ..., data_source_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class Traits(_message.Message):
    __slots__ = ("horizontal", "vertical", "display_scale", "idiom")
    HORIZONTAL_FIELD_NUMBER: _ClassVar[int]
    VERTICAL_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_SCALE_FIELD_NUMBER: _ClassVar[int]
    IDIOM_FIELD_NUMBER: _ClassVar[int]
    horizontal: SizeClass
    vertical: SizeClass
    display_scale: float
    idiom: Idiom
    def __init__(self, horizontal: _Optional[_Union[SizeClass, str]] = ..., vertical: _Optional[_Union[SizeClass, str]] = ..., display_scale: _Optional[float] = ..., idiom: _Optional[_Union[Idiom, str]] = ...) -> None: ...

class WindowMetrics(_message.Message):
    __slots__ = ("size", "safe_area", "scale", "idiom", "traits")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    SAFE_AREA_FIELD_NUMBER: _ClassVar[int]
    SCALE_FIELD_NUMBER: _ClassVar[int]
    IDIOM_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    size: Size
    safe_area: EdgeInsets
    scale: float
    idiom: Idiom
    traits: Traits
    def __init__(self, size: _Optional[_Union[Size, _Mapping]] = ..., safe_area: _Optional[_Union[EdgeInsets, _Mapping]] = ..., scale: _Optional[float] = ..., idiom: _Optional[_Union[Idiom, str]] = ..., traits: _Optional[_Union[Traits, _Mapping]] = ...) -> None: ...

class CubicBezier(_message.Message):
    __slots__ = ("x1", "y1", "x2", "y2")
    X1_FIELD_NUMBER: _ClassVar[int]
    Y1_FIELD_NUMBER: _ClassVar[int]
    X2_FIELD_NUMBER: _ClassVar[int]
    Y2_FIELD_NUMBER: _ClassVar[int]
    x1: float
    y1: float
    x2: float
    y2: float
    def __init__(self, x1: _Optional[float] = ..., y1: _Optional[float] = ..., x2: _Optional[float] = ..., y2: _Optional[float] = ...) -> None: ...

class DurationSpring(_message.Message):
    __slots__ = ("duration", "damping_ratio", "initial_velocity")
    DURATION_FIELD_NUMBER: _ClassVar[int]
    DAMPING_RATIO_FIELD_NUMBER: _ClassVar[int]
    INITIAL_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    duration: float
    damping_ratio: float
    initial_velocity: float
    def __init__(self, duration: _Optional[float] = ..., damping_ratio: _Optional[float] = ..., initial_velocity: _Optional[float] = ...) -> None: ...

class PhysicalSpring(_message.Message):
    __slots__ = ("mass", "stiffness", "damping", "initial_velocity", "duration")
    MASS_FIELD_NUMBER: _ClassVar[int]
    STIFFNESS_FIELD_NUMBER: _ClassVar[int]
    DAMPING_FIELD_NUMBER: _ClassVar[int]
    INITIAL_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    mass: float
    stiffness: float
    damping: float
    initial_velocity: float
    duration: float
    def __init__(self, mass: _Optional[float] = ..., stiffness: _Optional[float] = ..., damping: _Optional[float] = ..., initial_velocity: _Optional[float] = ..., duration: _Optional[float] = ...) -> None: ...

class PerceptualSpring(_message.Message):
    __slots__ = ("response", "bounce", "initial_velocity")
    RESPONSE_FIELD_NUMBER: _ClassVar[int]
    BOUNCE_FIELD_NUMBER: _ClassVar[int]
    INITIAL_VELOCITY_FIELD_NUMBER: _ClassVar[int]
    response: float
    bounce: float
    initial_velocity: float
    def __init__(self, response: _Optional[float] = ..., bounce: _Optional[float] = ..., initial_velocity: _Optional[float] = ...) -> None: ...

class TimingFunction(_message.Message):
    __slots__ = ("named", "bezier", "spring", "physical_spring", "perceptual_spring")
    NAMED_FIELD_NUMBER: _ClassVar[int]
    BEZIER_FIELD_NUMBER: _ClassVar[int]
    SPRING_FIELD_NUMBER: _ClassVar[int]
    PHYSICAL_SPRING_FIELD_NUMBER: _ClassVar[int]
    PERCEPTUAL_SPRING_FIELD_NUMBER: _ClassVar[int]
    named: NamedCurve
    bezier: CubicBezier
    spring: DurationSpring
    physical_spring: PhysicalSpring
    perceptual_spring: PerceptualSpring
    def __init__(self, named: _Optional[_Union[NamedCurve, str]] = ..., bezier: _Optional[_Union[CubicBezier, _Mapping]] = ..., spring: _Optional[_Union[DurationSpring, _Mapping]] = ..., physical_spring: _Optional[_Union[PhysicalSpring, _Mapping]] = ..., perceptual_spring: _Optional[_Union[PerceptualSpring, _Mapping]] = ...) -> None: ...

class AnimatableValue(_message.Message):
    __slots__ = ("rect", "point", "scalar", "transform")
    RECT_FIELD_NUMBER: _ClassVar[int]
    POINT_FIELD_NUMBER: _ClassVar[int]
    SCALAR_FIELD_NUMBER: _ClassVar[int]
    TRANSFORM_FIELD_NUMBER: _ClassVar[int]
    rect: Rect
    point: Point
    scalar: float
    transform: Transform
    def __init__(self, rect: _Optional[_Union[Rect, _Mapping]] = ..., point: _Optional[_Union[Point, _Mapping]] = ..., scalar: _Optional[float] = ..., transform: _Optional[_Union[Transform, _Mapping]] = ...) -> None: ...

class ValueSpec(_message.Message):
    __slots__ = ("base", "value", "offset_x", "offset_y", "container_offset_x", "container_offset_y")
    class Base(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        BASE_CURRENT: _ClassVar[ValueSpec.Base]
        BASE_VALUE: _ClassVar[ValueSpec.Base]
        BASE_INITIAL_FRAME: _ClassVar[ValueSpec.Base]
        BASE_FINAL_FRAME: _ClassVar[ValueSpec.Base]
    BASE_CURRENT: ValueSpec.Base
    BASE_VALUE: ValueSpec.Base
    BASE_INITIAL_FRAME: ValueSpec.Base
    BASE_FINAL_FRAME: ValueSpec.Base
    BASE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    OFFSET_X_FIELD_NUMBER: _ClassVar[int]
    OFFSET_Y_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_OFFSET_X_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_OFFSET_Y_FIELD_NUMBER: _ClassVar[int]
    base: ValueSpec.Base
    value: AnimatableValue
    offset_x: float
    offset_y: float
    container_offset_x: float
    container_offset_y: float
    def __init__(self, base: _Optional[_Union[ValueSpec.Base, str]] = ..., value: _Optional[_Union[AnimatableValue, _Mapping]] = ..., offset_x: _Optional[float] = ..., offset_y: _Optional[float] = ..., container_offset_x: _Optional[float] = ..., container_offset_y: _Optional[float] = ...) -> None: ...

class TrackTarget(_message.Message):
    __slots__ = ("role", "view_id")
    class Role(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        ROLE_VIEW: _ClassVar[TrackTarget.Role]
        ROLE_FROM_VIEW: _ClassVar[TrackTarget.Role]
        ROLE_TO_VIEW: _ClassVar[TrackTarget.Role]
        ROLE_CONTAINER_VIEW: _ClassVar[TrackTarget.Role]
        ROLE_DIMMING_VIEW: _ClassVar[TrackTarget.Role]
    ROLE_VIEW: TrackTarget.Role
    ROLE_FROM_VIEW: TrackTarget.Role
    ROLE_TO_VIEW: TrackTarget.Role
    ROLE_CONTAINER_VIEW: TrackTarget.Role
    ROLE_DIMMING_VIEW: TrackTarget.Role
    ROLE_FIELD_NUMBER: _ClassVar[int]
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    role: TrackTarget.Role
    view_id: int
    def __init__(self, role: _Optional[_Union[TrackTarget.Role, str]] = ..., view_id: _Optional[int] = ...) -> None: ...

class Track(_message.Message):
    __slots__ = ("target", "property", "to", "timing", "relative_delay", "relative_duration")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    PROPERTY_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    TIMING_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_DELAY_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_DURATION_FIELD_NUMBER: _ClassVar[int]
    target: TrackTarget
    property: AnimatableProperty
    to: ValueSpec
    timing: TimingFunction
    relative_delay: float
    relative_duration: float
    def __init__(self, target: _Optional[_Union[TrackTarget, _Mapping]] = ..., property: _Optional[_Union[AnimatableProperty, str]] = ..., to: _Optional[_Union[ValueSpec, _Mapping]] = ..., timing: _Optional[_Union[TimingFunction, _Mapping]] = ..., relative_delay: _Optional[float] = ..., relative_duration: _Optional[float] = ..., **kwargs) -> None: ...

class AnimatorSpec(_message.Message):
    __slots__ = ("duration", "tracks", "built_in", "completion")
    DURATION_FIELD_NUMBER: _ClassVar[int]
    TRACKS_FIELD_NUMBER: _ClassVar[int]
    BUILT_IN_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_FIELD_NUMBER: _ClassVar[int]
    duration: float
    tracks: _containers.RepeatedCompositeFieldContainer[Track]
    built_in: BuiltInRetiming
    completion: _containers.RepeatedCompositeFieldContainer[CompletionValue]
    def __init__(self, duration: _Optional[float] = ..., tracks: _Optional[_Iterable[_Union[Track, _Mapping]]] = ..., built_in: _Optional[_Union[BuiltInRetiming, _Mapping]] = ..., completion: _Optional[_Iterable[_Union[CompletionValue, _Mapping]]] = ...) -> None: ...

class CompletionValue(_message.Message):
    __slots__ = ("target", "property", "value")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    PROPERTY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    target: TrackTarget
    property: AnimatableProperty
    value: ValueSpec
    def __init__(self, target: _Optional[_Union[TrackTarget, _Mapping]] = ..., property: _Optional[_Union[AnimatableProperty, str]] = ..., value: _Optional[_Union[ValueSpec, _Mapping]] = ...) -> None: ...

class BuiltInRetiming(_message.Message):
    __slots__ = ("duration", "curve")
    DURATION_FIELD_NUMBER: _ClassVar[int]
    CURVE_FIELD_NUMBER: _ClassVar[int]
    duration: float
    curve: TimingFunction
    def __init__(self, duration: _Optional[float] = ..., curve: _Optional[_Union[TimingFunction, _Mapping]] = ...) -> None: ...

class CollectionInfo(_message.Message):
    __slots__ = ("item_count", "layout", "layout_to_layout", "item_view_ids")
    ITEM_COUNT_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_TO_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    ITEM_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
    item_count: int
    layout: CollectionLayout
    layout_to_layout: bool
    item_view_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, item_count: _Optional[int] = ..., layout: _Optional[_Union[CollectionLayout, _Mapping]] = ..., layout_to_layout: _Optional[bool] = ..., item_view_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class ViewState(_message.Message):
    __slots__ = ("frame", "bounds", "alpha", "transform", "corner_radius")
    FRAME_FIELD_NUMBER: _ClassVar[int]
    BOUNDS_FIELD_NUMBER: _ClassVar[int]
    ALPHA_FIELD_NUMBER: _ClassVar[int]
    TRANSFORM_FIELD_NUMBER: _ClassVar[int]
    CORNER_RADIUS_FIELD_NUMBER: _ClassVar[int]
    frame: Rect
    bounds: Rect
    alpha: float
    transform: Transform
    corner_radius: float
    def __init__(self, frame: _Optional[_Union[Rect, _Mapping]] = ..., bounds: _Optional[_Union[Rect, _Mapping]] = ..., alpha: _Optional[float] = ..., transform: _Optional[_Union[Transform, _Mapping]] = ..., corner_radius: _Optional[float] = ...) -> None: ...

class ViewNode(_message.Message):
    __slots__ = ("id", "role", "controller_id", "state", "hidden", "background_color", "subviews")
    ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COLOR_FIELD_NUMBER: _ClassVar[int]
    SUBVIEWS_FIELD_NUMBER: _ClassVar[int]
    id: int
    role: str
    controller_id: int
    state: ViewState
    hidden: bool
    background_color: str
    subviews: _containers.RepeatedCompositeFieldContainer[ViewNode]
    def __init__(self, id: _Optional[int] = ..., role: _Optional[str] = ..., controller_id: _Optional[int] = ..., state: _Optional[_Union[ViewState, _Mapping]] = ..., hidden: _Optional[bool] = ..., background_color: _Optional[str] = ..., subviews: _Optional[_Iterable[_Union[ViewNode, _Mapping]]] = ...) -> None: ...

class ControllerNode(_message.Message):
    __slots__ = ("id", "kind", "identifier", "title", "appearance", "view_id", "frame", "view_in_window", "selected_index", "children", "safe_area_insets", "under_bars", "presentation", "presented", "split", "page", "collection")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    APPEARANCE_FIELD_NUMBER: _ClassVar[int]
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    VIEW_IN_WINDOW_FIELD_NUMBER: _ClassVar[int]
    SELECTED_INDEX_FIELD_NUMBER: _ClassVar[int]
    CHILDREN_FIELD_NUMBER: _ClassVar[int]
    SAFE_AREA_INSETS_FIELD_NUMBER: _ClassVar[int]
    UNDER_BARS_FIELD_NUMBER: _ClassVar[int]
    PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    SPLIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: ControllerKind
    identifier: str
    title: str
    appearance: AppearanceState
    view_id: int
    frame: Rect
    view_in_window: bool
    selected_index: int
    children: _containers.RepeatedCompositeFieldContainer[ControllerNode]
    safe_area_insets: EdgeInsets
    under_bars: bool
    presentation: PresentationInfo
    presented: ControllerNode
    split: SplitInfo
    page: PageInfo
    collection: CollectionInfo
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[ControllerKind, str]] = ..., identifier: _Optional[str] = ..., title: _Optional[str] = ..., appearance: _Optional[_Union[AppearanceState, str]] = ..., view_id: _Optional[int] = ..., frame: _Optional[_Union[Rect, _Mapping]] = ..., view_in_window: _Optional[bool] = ..., selected_index: _Optional[int] = ..., children: _Optional[_Iterable[_Union[ControllerNode, _Mapping]]] = ..., safe_area_insets: _Optional[_Union[EdgeInsets, _Mapping]] = ..., under_bars: _Optional[bool] = ..., presentation: _Optional[_Union[PresentationInfo, _Mapping]] = ..., presented: _Optional[_Union[ControllerNode, _Mapping]] = ..., split: _Optional[_Union[SplitInfo, _Mapping]] = ..., page: _Optional[_Union[PageInfo, _Mapping]] = ..., collection: _Optional[_Union[CollectionInfo, _Mapping]] = ...) -> None: ...

class PresentationInfo(_message.Message):
    __slots__ = ("presenting_id", "requested_style", "style", "card", "transition_style", "frame", "source_view_id", "source_rect", "permitted_arrow_directions", "source_bar_item", "passthrough_view_ids", "popover_placement", "custom")
    PRESENTING_ID_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_STYLE_FIELD_NUMBER: _ClassVar[int]
    STYLE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    SOURCE_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_RECT_FIELD_NUMBER: _ClassVar[int]
    PERMITTED_ARROW_DIRECTIONS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_BAR_ITEM_FIELD_NUMBER: _ClassVar[int]
    PASSTHROUGH_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
    POPOVER_PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_FIELD_NUMBER: _ClassVar[int]
    presenting_id: int
    requested_style: ModalPresentationStyle
    style: ModalPresentationStyle
    card: bool
    transition_style: ModalTransitionStyle
    frame: Rect
    source_view_id: int
    source_rect: Rect
    permitted_arrow_directions: int
    source_bar_item: BarItem
    passthrough_view_ids: _containers.RepeatedScalarFieldContainer[int]
    popover_placement: PopoverPlacement
    custom: CustomPresentation
    def __init__(self, presenting_id: _Optional[int] = ..., requested_style: _Optional[_Union[ModalPresentationStyle, str]] = ..., style: _Optional[_Union[ModalPresentationStyle, str]] = ..., card: _Optional[bool] = ..., transition_style: _Optional[_Union[ModalTransitionStyle, str]] = ..., frame: _Optional[_Union[Rect, _Mapping]] = ..., source_view_id: _Optional[int] = ..., source_rect: _Optional[_Union[Rect, _Mapping]] = ..., permitted_arrow_directions: _Optional[int] = ..., source_bar_item: _Optional[_Union[BarItem, _Mapping]] = ..., passthrough_view_ids: _Optional[_Iterable[int]] = ..., popover_placement: _Optional[_Union[PopoverPlacement, _Mapping]] = ..., custom: _Optional[_Union[CustomPresentation, _Mapping]] = ...) -> None: ...

class CustomPresentation(_message.Message):
    __slots__ = ("frame", "dimming_alpha", "removes_presenter_view")
    FRAME_FIELD_NUMBER: _ClassVar[int]
    DIMMING_ALPHA_FIELD_NUMBER: _ClassVar[int]
    REMOVES_PRESENTER_VIEW_FIELD_NUMBER: _ClassVar[int]
    frame: Rect
    dimming_alpha: float
    removes_presenter_view: bool
    def __init__(self, frame: _Optional[_Union[Rect, _Mapping]] = ..., dimming_alpha: _Optional[float] = ..., removes_presenter_view: _Optional[bool] = ...) -> None: ...

class BarItem(_message.Message):
    __slots__ = ("navigation", "tab_index")
    class Navigation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        NAVIGATION_UNSPECIFIED: _ClassVar[BarItem.Navigation]
        NAVIGATION_LEFT: _ClassVar[BarItem.Navigation]
        NAVIGATION_RIGHT: _ClassVar[BarItem.Navigation]
    NAVIGATION_UNSPECIFIED: BarItem.Navigation
    NAVIGATION_LEFT: BarItem.Navigation
    NAVIGATION_RIGHT: BarItem.Navigation
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    TAB_INDEX_FIELD_NUMBER: _ClassVar[int]
    navigation: BarItem.Navigation
    tab_index: int
    def __init__(self, navigation: _Optional[_Union[BarItem.Navigation, str]] = ..., tab_index: _Optional[int] = ...) -> None: ...

class TapHit(_message.Message):
    __slots__ = ("point", "view_id", "role", "controller_id", "effect", "presented_id", "tab_bar_id", "tab_id")
    class Effect(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        EFFECT_NONE: _ClassVar[TapHit.Effect]
        EFFECT_PASSTHROUGH: _ClassVar[TapHit.Effect]
        EFFECT_DISMISSED: _ClassVar[TapHit.Effect]
        EFFECT_REFUSED: _ClassVar[TapHit.Effect]
        EFFECT_SELECTED: _ClassVar[TapHit.Effect]
        EFFECT_RESELECTED: _ClassVar[TapHit.Effect]
        EFFECT_DECLINED: _ClassVar[TapHit.Effect]
    EFFECT_NONE: TapHit.Effect
    EFFECT_PASSTHROUGH: TapHit.Effect
    EFFECT_DISMISSED: TapHit.Effect
    EFFECT_REFUSED: TapHit.Effect
    EFFECT_SELECTED: TapHit.Effect
    EFFECT_RESELECTED: TapHit.Effect
    EFFECT_DECLINED: TapHit.Effect
    POINT_FIELD_NUMBER: _ClassVar[int]
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_ID_FIELD_NUMBER: _ClassVar[int]
    TAB_BAR_ID_FIELD_NUMBER: _ClassVar[int]
    TAB_ID_FIELD_NUMBER: _ClassVar[int]
    point: Point
    view_id: int
    role: str
    controller_id: int
    effect: TapHit.Effect
    presented_id: int
    tab_bar_id: int
    tab_id: int
    def __init__(self, point: _Optional[_Union[Point, _Mapping]] = ..., view_id: _Optional[int] = ..., role: _Optional[str] = ..., controller_id: _Optional[int] = ..., effect: _Optional[_Union[TapHit.Effect, str]] = ..., presented_id: _Optional[int] = ..., tab_bar_id: _Optional[int] = ..., tab_id: _Optional[int] = ...) -> None: ...

class PopoverPlacement(_message.Message):
    __slots__ = ("frame", "content_frame", "arrow_direction", "arrow_offset")
    FRAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FRAME_FIELD_NUMBER: _ClassVar[int]
    ARROW_DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ARROW_OFFSET_FIELD_NUMBER: _ClassVar[int]
    frame: Rect
    content_frame: Rect
    arrow_direction: int
    arrow_offset: float
    def __init__(self, frame: _Optional[_Union[Rect, _Mapping]] = ..., content_frame: _Optional[_Union[Rect, _Mapping]] = ..., arrow_direction: _Optional[int] = ..., arrow_offset: _Optional[float] = ...) -> None: ...

class WindowInfo(_message.Message):
    __slots__ = ("id", "metrics", "traits", "clock", "frame_rate", "visible", "revision", "time", "root_id", "last_seq", "idle", "queued_operations", "lease", "speed")
    ID_FIELD_NUMBER: _ClassVar[int]
    METRICS_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    FRAME_RATE_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    ROOT_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    IDLE_FIELD_NUMBER: _ClassVar[int]
    QUEUED_OPERATIONS_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    SPEED_FIELD_NUMBER: _ClassVar[int]
    id: int
    metrics: WindowMetrics
    traits: Traits
    clock: ClockMode
    frame_rate: int
    visible: bool
    revision: int
    time: float
    root_id: int
    last_seq: int
    idle: bool
    queued_operations: int
    lease: WindowLease
    speed: float
    def __init__(self, id: _Optional[int] = ..., metrics: _Optional[_Union[WindowMetrics, _Mapping]] = ..., traits: _Optional[_Union[Traits, _Mapping]] = ..., clock: _Optional[_Union[ClockMode, str]] = ..., frame_rate: _Optional[int] = ..., visible: _Optional[bool] = ..., revision: _Optional[int] = ..., time: _Optional[float] = ..., root_id: _Optional[int] = ..., last_seq: _Optional[int] = ..., idle: _Optional[bool] = ..., queued_operations: _Optional[int] = ..., lease: _Optional[_Union[WindowLease, _Mapping]] = ..., speed: _Optional[float] = ...) -> None: ...

class WindowLease(_message.Message):
    __slots__ = ("holder_client_id", "holder_name", "expires_in")
    HOLDER_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    HOLDER_NAME_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    holder_client_id: int
    holder_name: str
    expires_in: float
    def __init__(self, holder_client_id: _Optional[int] = ..., holder_name: _Optional[str] = ..., expires_in: _Optional[float] = ...) -> None: ...

class Tree(_message.Message):
    __slots__ = ("window", "root", "view", "description")
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    ROOT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    window: WindowInfo
    root: ControllerNode
    view: ViewNode
    description: str
    def __init__(self, window: _Optional[_Union[WindowInfo, _Mapping]] = ..., root: _Optional[_Union[ControllerNode, _Mapping]] = ..., view: _Optional[_Union[ViewNode, _Mapping]] = ..., description: _Optional[str] = ...) -> None: ...

class DelegateArguments(_message.Message):
    __slots__ = ("operation", "from_id", "to_id", "identifier", "interactive", "style", "traits", "size")
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    FROM_ID_FIELD_NUMBER: _ClassVar[int]
    TO_ID_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    STYLE_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    operation: str
    from_id: int
    to_id: int
    identifier: str
    interactive: bool
    style: ModalPresentationStyle
    traits: Traits
    size: Size
    def __init__(self, operation: _Optional[str] = ..., from_id: _Optional[int] = ..., to_id: _Optional[int] = ..., identifier: _Optional[str] = ..., interactive: _Optional[bool] = ..., style: _Optional[_Union[ModalPresentationStyle, str]] = ..., traits: _Optional[_Union[Traits, _Mapping]] = ..., size: _Optional[_Union[Size, _Mapping]] = ...) -> None: ...

class DelegateAnswer(_message.Message):
    __slots__ = ("animator", "yes", "interactive", "style", "remote_animator", "presentation", "frame", "controller_id")
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    YES_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    STYLE_FIELD_NUMBER: _ClassVar[int]
    REMOTE_ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    animator: AnimatorSpec
    yes: bool
    interactive: bool
    style: ModalPresentationStyle
    remote_animator: RemoteAnimator
    presentation: CustomPresentation
    frame: Rect
    controller_id: int
    def __init__(self, animator: _Optional[_Union[AnimatorSpec, _Mapping]] = ..., yes: _Optional[bool] = ..., interactive: _Optional[bool] = ..., style: _Optional[_Union[ModalPresentationStyle, str]] = ..., remote_animator: _Optional[_Union[RemoteAnimator, _Mapping]] = ..., presentation: _Optional[_Union[CustomPresentation, _Mapping]] = ..., frame: _Optional[_Union[Rect, _Mapping]] = ..., controller_id: _Optional[int] = ...) -> None: ...

class RemoteAnimator(_message.Message):
    __slots__ = ("duration",)
    DURATION_FIELD_NUMBER: _ClassVar[int]
    duration: float
    def __init__(self, duration: _Optional[float] = ...) -> None: ...
