from curtain.v1 import common_pb2 as _common_pb2
from curtain.v1 import events_pb2 as _events_pb2
from curtain.v1 import journal_pb2 as _journal_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SessionImage(_message.Message):
    __slots__ = ("format", "clock", "name", "next_ids", "windows", "controllers", "views", "storyboards", "detached_events", "endings", "departed_names", "delegates", "next_delegate_call")
    class Window(_message.Message):
        __slots__ = ("id", "view_id", "metrics", "clock", "root_id", "visible", "revision", "time", "events", "next_animation_id", "frame_rate", "clock_origin", "last_frame_clock", "frame_seq", "speed", "speed_start")
        ID_FIELD_NUMBER: _ClassVar[int]
        VIEW_ID_FIELD_NUMBER: _ClassVar[int]
        METRICS_FIELD_NUMBER: _ClassVar[int]
        CLOCK_FIELD_NUMBER: _ClassVar[int]
        ROOT_ID_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_FIELD_NUMBER: _ClassVar[int]
        REVISION_FIELD_NUMBER: _ClassVar[int]
        TIME_FIELD_NUMBER: _ClassVar[int]
        EVENTS_FIELD_NUMBER: _ClassVar[int]
        NEXT_ANIMATION_ID_FIELD_NUMBER: _ClassVar[int]
        FRAME_RATE_FIELD_NUMBER: _ClassVar[int]
        CLOCK_ORIGIN_FIELD_NUMBER: _ClassVar[int]
        LAST_FRAME_CLOCK_FIELD_NUMBER: _ClassVar[int]
        FRAME_SEQ_FIELD_NUMBER: _ClassVar[int]
        SPEED_FIELD_NUMBER: _ClassVar[int]
        SPEED_START_FIELD_NUMBER: _ClassVar[int]
        id: int
        view_id: int
        metrics: _common_pb2.WindowMetrics
        clock: _common_pb2.ClockMode
        root_id: int
        visible: bool
        revision: int
        time: float
        events: SessionImage.EventRing
        next_animation_id: int
        frame_rate: int
        clock_origin: float
        last_frame_clock: float
        frame_seq: int
        speed: float
        speed_start: float
        def __init__(self, id: _Optional[int] = ..., view_id: _Optional[int] = ..., metrics: _Optional[_Union[_common_pb2.WindowMetrics, _Mapping]] = ..., clock: _Optional[_Union[_common_pb2.ClockMode, str]] = ..., root_id: _Optional[int] = ..., visible: _Optional[bool] = ..., revision: _Optional[int] = ..., time: _Optional[float] = ..., events: _Optional[_Union[SessionImage.EventRing, _Mapping]] = ..., next_animation_id: _Optional[int] = ..., frame_rate: _Optional[int] = ..., clock_origin: _Optional[float] = ..., last_frame_clock: _Optional[float] = ..., frame_seq: _Optional[int] = ..., speed: _Optional[float] = ..., speed_start: _Optional[float] = ...) -> None: ...
    class EventRing(_message.Message):
        __slots__ = ("last_seq", "events")
        LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
        EVENTS_FIELD_NUMBER: _ClassVar[int]
        last_seq: int
        events: _containers.RepeatedCompositeFieldContainer[_events_pb2.Event]
        def __init__(self, last_seq: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_events_pb2.Event, _Mapping]]] = ...) -> None: ...
    class View(_message.Message):
        __slots__ = ("id", "role", "controller_id", "center", "bounds", "transform", "alpha", "corner_radius", "hidden", "background_color", "subview_ids")
        ID_FIELD_NUMBER: _ClassVar[int]
        ROLE_FIELD_NUMBER: _ClassVar[int]
        CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        CENTER_FIELD_NUMBER: _ClassVar[int]
        BOUNDS_FIELD_NUMBER: _ClassVar[int]
        TRANSFORM_FIELD_NUMBER: _ClassVar[int]
        ALPHA_FIELD_NUMBER: _ClassVar[int]
        CORNER_RADIUS_FIELD_NUMBER: _ClassVar[int]
        HIDDEN_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_COLOR_FIELD_NUMBER: _ClassVar[int]
        SUBVIEW_IDS_FIELD_NUMBER: _ClassVar[int]
        id: int
        role: str
        controller_id: int
        center: _common_pb2.Point
        bounds: _common_pb2.Rect
        transform: _common_pb2.Transform
        alpha: float
        corner_radius: float
        hidden: bool
        background_color: str
        subview_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, id: _Optional[int] = ..., role: _Optional[str] = ..., controller_id: _Optional[int] = ..., center: _Optional[_Union[_common_pb2.Point, _Mapping]] = ..., bounds: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., transform: _Optional[_Union[_common_pb2.Transform, _Mapping]] = ..., alpha: _Optional[float] = ..., corner_radius: _Optional[float] = ..., hidden: _Optional[bool] = ..., background_color: _Optional[str] = ..., subview_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class Controller(_message.Message):
        __slots__ = ("id", "kind", "identifier", "title", "child_ids", "appearance", "appearance_animated", "view_id", "host_window_id", "modal_presentation_style", "modal_transition_style", "defines_presentation_context", "provides_presentation_context_transition_style", "preferred_content_size", "modal_in_presentation", "edges_for_extended_layout", "should_automatically_forward_appearance_methods", "presented_id", "presentation", "scene", "unwind_actions", "should_perform_answers", "navigation", "tab_bar", "split", "page", "custom", "collection")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CHILD_IDS_FIELD_NUMBER: _ClassVar[int]
        APPEARANCE_FIELD_NUMBER: _ClassVar[int]
        APPEARANCE_ANIMATED_FIELD_NUMBER: _ClassVar[int]
        VIEW_ID_FIELD_NUMBER: _ClassVar[int]
        HOST_WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
        MODAL_PRESENTATION_STYLE_FIELD_NUMBER: _ClassVar[int]
        MODAL_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
        DEFINES_PRESENTATION_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        PROVIDES_PRESENTATION_CONTEXT_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
        PREFERRED_CONTENT_SIZE_FIELD_NUMBER: _ClassVar[int]
        MODAL_IN_PRESENTATION_FIELD_NUMBER: _ClassVar[int]
        EDGES_FOR_EXTENDED_LAYOUT_FIELD_NUMBER: _ClassVar[int]
        SHOULD_AUTOMATICALLY_FORWARD_APPEARANCE_METHODS_FIELD_NUMBER: _ClassVar[int]
        PRESENTED_ID_FIELD_NUMBER: _ClassVar[int]
        PRESENTATION_FIELD_NUMBER: _ClassVar[int]
        SCENE_FIELD_NUMBER: _ClassVar[int]
        UNWIND_ACTIONS_FIELD_NUMBER: _ClassVar[int]
        SHOULD_PERFORM_ANSWERS_FIELD_NUMBER: _ClassVar[int]
        NAVIGATION_FIELD_NUMBER: _ClassVar[int]
        TAB_BAR_FIELD_NUMBER: _ClassVar[int]
        SPLIT_FIELD_NUMBER: _ClassVar[int]
        PAGE_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_FIELD_NUMBER: _ClassVar[int]
        COLLECTION_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: _common_pb2.ControllerKind
        identifier: str
        title: str
        child_ids: _containers.RepeatedScalarFieldContainer[int]
        appearance: _common_pb2.AppearanceState
        appearance_animated: bool
        view_id: int
        host_window_id: int
        modal_presentation_style: _common_pb2.ModalPresentationStyle
        modal_transition_style: _common_pb2.ModalTransitionStyle
        defines_presentation_context: bool
        provides_presentation_context_transition_style: bool
        preferred_content_size: _common_pb2.Size
        modal_in_presentation: bool
        edges_for_extended_layout: int
        should_automatically_forward_appearance_methods: bool
        presented_id: int
        presentation: SessionImage.Presentation
        scene: SessionImage.SceneReference
        unwind_actions: _containers.RepeatedScalarFieldContainer[str]
        should_perform_answers: _containers.RepeatedCompositeFieldContainer[SessionImage.SegueAnswer]
        navigation: SessionImage.Navigation
        tab_bar: SessionImage.TabBar
        split: SessionImage.Split
        page: SessionImage.Page
        custom: SessionImage.CustomContainer
        collection: SessionImage.Collection
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[_common_pb2.ControllerKind, str]] = ..., identifier: _Optional[str] = ..., title: _Optional[str] = ..., child_ids: _Optional[_Iterable[int]] = ..., appearance: _Optional[_Union[_common_pb2.AppearanceState, str]] = ..., appearance_animated: _Optional[bool] = ..., view_id: _Optional[int] = ..., host_window_id: _Optional[int] = ..., modal_presentation_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., modal_transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., defines_presentation_context: _Optional[bool] = ..., provides_presentation_context_transition_style: _Optional[bool] = ..., preferred_content_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., modal_in_presentation: _Optional[bool] = ..., edges_for_extended_layout: _Optional[int] = ..., should_automatically_forward_appearance_methods: _Optional[bool] = ..., presented_id: _Optional[int] = ..., presentation: _Optional[_Union[SessionImage.Presentation, _Mapping]] = ..., scene: _Optional[_Union[SessionImage.SceneReference, _Mapping]] = ..., unwind_actions: _Optional[_Iterable[str]] = ..., should_perform_answers: _Optional[_Iterable[_Union[SessionImage.SegueAnswer, _Mapping]]] = ..., navigation: _Optional[_Union[SessionImage.Navigation, _Mapping]] = ..., tab_bar: _Optional[_Union[SessionImage.TabBar, _Mapping]] = ..., split: _Optional[_Union[SessionImage.Split, _Mapping]] = ..., page: _Optional[_Union[SessionImage.Page, _Mapping]] = ..., custom: _Optional[_Union[SessionImage.CustomContainer, _Mapping]] = ..., collection: _Optional[_Union[SessionImage.Collection, _Mapping]] = ...) -> None: ...
    class SceneReference(_message.Message):
        __slots__ = ("storyboard", "scene")
        STORYBOARD_FIELD_NUMBER: _ClassVar[int]
        SCENE_FIELD_NUMBER: _ClassVar[int]
        storyboard: str
        scene: str
        def __init__(self, storyboard: _Optional[str] = ..., scene: _Optional[str] = ...) -> None: ...
    class SegueAnswer(_message.Message):
        __slots__ = ("identifier", "answer")
        IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
        ANSWER_FIELD_NUMBER: _ClassVar[int]
        identifier: str
        answer: bool
        def __init__(self, identifier: _Optional[str] = ..., answer: _Optional[bool] = ...) -> None: ...
    class Navigation(_message.Message):
        __slots__ = ("navigation_bar_id", "managing_tab_bar_controller_id", "bar_translucent")
        NAVIGATION_BAR_ID_FIELD_NUMBER: _ClassVar[int]
        MANAGING_TAB_BAR_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        BAR_TRANSLUCENT_FIELD_NUMBER: _ClassVar[int]
        navigation_bar_id: int
        managing_tab_bar_controller_id: int
        bar_translucent: bool
        def __init__(self, navigation_bar_id: _Optional[int] = ..., managing_tab_bar_controller_id: _Optional[int] = ..., bar_translucent: _Optional[bool] = ...) -> None: ...
    class TabBar(_message.Message):
        __slots__ = ("view_controller_ids", "selected_index", "tab_bar_id", "more_navigation_controller_id", "more_list_controller_id", "shown_controller_id", "bar_translucent")
        VIEW_CONTROLLER_IDS_FIELD_NUMBER: _ClassVar[int]
        SELECTED_INDEX_FIELD_NUMBER: _ClassVar[int]
        TAB_BAR_ID_FIELD_NUMBER: _ClassVar[int]
        MORE_NAVIGATION_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        MORE_LIST_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        SHOWN_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        BAR_TRANSLUCENT_FIELD_NUMBER: _ClassVar[int]
        view_controller_ids: _containers.RepeatedScalarFieldContainer[int]
        selected_index: int
        tab_bar_id: int
        more_navigation_controller_id: int
        more_list_controller_id: int
        shown_controller_id: int
        bar_translucent: bool
        def __init__(self, view_controller_ids: _Optional[_Iterable[int]] = ..., selected_index: _Optional[int] = ..., tab_bar_id: _Optional[int] = ..., more_navigation_controller_id: _Optional[int] = ..., more_list_controller_id: _Optional[int] = ..., shown_controller_id: _Optional[int] = ..., bar_translucent: _Optional[bool] = ...) -> None: ...
    class Split(_message.Message):
        __slots__ = ("primary_id", "secondary_id", "preferences", "collapsed")
        PRIMARY_ID_FIELD_NUMBER: _ClassVar[int]
        SECONDARY_ID_FIELD_NUMBER: _ClassVar[int]
        PREFERENCES_FIELD_NUMBER: _ClassVar[int]
        COLLAPSED_FIELD_NUMBER: _ClassVar[int]
        primary_id: int
        secondary_id: int
        preferences: _common_pb2.SplitPreferences
        collapsed: bool
        def __init__(self, primary_id: _Optional[int] = ..., secondary_id: _Optional[int] = ..., preferences: _Optional[_Union[_common_pb2.SplitPreferences, _Mapping]] = ..., collapsed: _Optional[bool] = ...) -> None: ...
    class Page(_message.Message):
        __slots__ = ("options", "view_controller_ids", "data_source_ids")
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        VIEW_CONTROLLER_IDS_FIELD_NUMBER: _ClassVar[int]
        DATA_SOURCE_IDS_FIELD_NUMBER: _ClassVar[int]
        options: _common_pb2.PageOptions
        view_controller_ids: _containers.RepeatedScalarFieldContainer[int]
        data_source_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, options: _Optional[_Union[_common_pb2.PageOptions, _Mapping]] = ..., view_controller_ids: _Optional[_Iterable[int]] = ..., data_source_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class Collection(_message.Message):
        __slots__ = ("options", "item_view_ids")
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        ITEM_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
        options: _common_pb2.CollectionOptions
        item_view_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, options: _Optional[_Union[_common_pb2.CollectionOptions, _Mapping]] = ..., item_view_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class CustomContainer(_message.Message):
        __slots__ = ("child_frames", "children_awaiting_view_ids")
        CHILD_FRAMES_FIELD_NUMBER: _ClassVar[int]
        CHILDREN_AWAITING_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
        child_frames: _containers.RepeatedCompositeFieldContainer[SessionImage.ChildFrame]
        children_awaiting_view_ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, child_frames: _Optional[_Iterable[_Union[SessionImage.ChildFrame, _Mapping]]] = ..., children_awaiting_view_ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class ChildFrame(_message.Message):
        __slots__ = ("child_id", "frame")
        CHILD_ID_FIELD_NUMBER: _ClassVar[int]
        FRAME_FIELD_NUMBER: _ClassVar[int]
        child_id: int
        frame: _common_pb2.Rect
        def __init__(self, child_id: _Optional[int] = ..., frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ...) -> None: ...
    class Presentation(_message.Message):
        __slots__ = ("presenting_id", "requested_style", "adaptive_style", "style", "card", "transition_style", "context_container_id", "window_view_id", "dimming_view_id", "popover", "passthrough_view_ids", "removed_presenter_slot", "replacement_id", "original_id", "established", "view_hidden_with_context", "dimming_hidden_with_context", "custom", "popover_placement")
        PRESENTING_ID_FIELD_NUMBER: _ClassVar[int]
        REQUESTED_STYLE_FIELD_NUMBER: _ClassVar[int]
        ADAPTIVE_STYLE_FIELD_NUMBER: _ClassVar[int]
        STYLE_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_CONTAINER_ID_FIELD_NUMBER: _ClassVar[int]
        WINDOW_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
        DIMMING_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
        POPOVER_FIELD_NUMBER: _ClassVar[int]
        PASSTHROUGH_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
        REMOVED_PRESENTER_SLOT_FIELD_NUMBER: _ClassVar[int]
        REPLACEMENT_ID_FIELD_NUMBER: _ClassVar[int]
        ORIGINAL_ID_FIELD_NUMBER: _ClassVar[int]
        ESTABLISHED_FIELD_NUMBER: _ClassVar[int]
        VIEW_HIDDEN_WITH_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        DIMMING_HIDDEN_WITH_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_FIELD_NUMBER: _ClassVar[int]
        POPOVER_PLACEMENT_FIELD_NUMBER: _ClassVar[int]
        presenting_id: int
        requested_style: _common_pb2.ModalPresentationStyle
        adaptive_style: _common_pb2.ModalPresentationStyle
        style: _common_pb2.ModalPresentationStyle
        card: bool
        transition_style: _common_pb2.ModalTransitionStyle
        context_container_id: int
        window_view_id: int
        dimming_view_id: int
        popover: SessionImage.PopoverAnchor
        passthrough_view_ids: _containers.RepeatedScalarFieldContainer[int]
        removed_presenter_slot: SessionImage.PresenterSlot
        replacement_id: int
        original_id: int
        established: bool
        view_hidden_with_context: bool
        dimming_hidden_with_context: bool
        custom: _common_pb2.CustomPresentation
        popover_placement: _common_pb2.PopoverPlacement
        def __init__(self, presenting_id: _Optional[int] = ..., requested_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., adaptive_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., card: _Optional[bool] = ..., transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., context_container_id: _Optional[int] = ..., window_view_id: _Optional[int] = ..., dimming_view_id: _Optional[int] = ..., popover: _Optional[_Union[SessionImage.PopoverAnchor, _Mapping]] = ..., passthrough_view_ids: _Optional[_Iterable[int]] = ..., removed_presenter_slot: _Optional[_Union[SessionImage.PresenterSlot, _Mapping]] = ..., replacement_id: _Optional[int] = ..., original_id: _Optional[int] = ..., established: _Optional[bool] = ..., view_hidden_with_context: _Optional[bool] = ..., dimming_hidden_with_context: _Optional[bool] = ..., custom: _Optional[_Union[_common_pb2.CustomPresentation, _Mapping]] = ..., popover_placement: _Optional[_Union[_common_pb2.PopoverPlacement, _Mapping]] = ...) -> None: ...
    class PopoverAnchor(_message.Message):
        __slots__ = ("view_id", "rect", "bar_item", "bar_item_container_id", "permitted_arrow_directions")
        VIEW_ID_FIELD_NUMBER: _ClassVar[int]
        RECT_FIELD_NUMBER: _ClassVar[int]
        BAR_ITEM_FIELD_NUMBER: _ClassVar[int]
        BAR_ITEM_CONTAINER_ID_FIELD_NUMBER: _ClassVar[int]
        PERMITTED_ARROW_DIRECTIONS_FIELD_NUMBER: _ClassVar[int]
        view_id: int
        rect: _common_pb2.Rect
        bar_item: _common_pb2.BarItem
        bar_item_container_id: int
        permitted_arrow_directions: int
        def __init__(self, view_id: _Optional[int] = ..., rect: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., bar_item: _Optional[_Union[_common_pb2.BarItem, _Mapping]] = ..., bar_item_container_id: _Optional[int] = ..., permitted_arrow_directions: _Optional[int] = ...) -> None: ...
    class PresenterSlot(_message.Message):
        __slots__ = ("superview_id", "index")
        SUPERVIEW_ID_FIELD_NUMBER: _ClassVar[int]
        INDEX_FIELD_NUMBER: _ClassVar[int]
        superview_id: int
        index: int
        def __init__(self, superview_id: _Optional[int] = ..., index: _Optional[int] = ...) -> None: ...
    class Ending(_message.Message):
        __slots__ = ("transition_id", "kind", "seconds")
        class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            KIND_UNSPECIFIED: _ClassVar[SessionImage.Ending.Kind]
            KIND_COMPLETED: _ClassVar[SessionImage.Ending.Kind]
            KIND_FINISHED: _ClassVar[SessionImage.Ending.Kind]
            KIND_CANCELLED: _ClassVar[SessionImage.Ending.Kind]
            KIND_TIMED_OUT: _ClassVar[SessionImage.Ending.Kind]
            KIND_OWNER_LEFT: _ClassVar[SessionImage.Ending.Kind]
            KIND_WINDOW_CLOSED: _ClassVar[SessionImage.Ending.Kind]
            KIND_ANIMATOR_TIMED_OUT: _ClassVar[SessionImage.Ending.Kind]
            KIND_ANIMATOR_LEFT: _ClassVar[SessionImage.Ending.Kind]
        KIND_UNSPECIFIED: SessionImage.Ending.Kind
        KIND_COMPLETED: SessionImage.Ending.Kind
        KIND_FINISHED: SessionImage.Ending.Kind
        KIND_CANCELLED: SessionImage.Ending.Kind
        KIND_TIMED_OUT: SessionImage.Ending.Kind
        KIND_OWNER_LEFT: SessionImage.Ending.Kind
        KIND_WINDOW_CLOSED: SessionImage.Ending.Kind
        KIND_ANIMATOR_TIMED_OUT: SessionImage.Ending.Kind
        KIND_ANIMATOR_LEFT: SessionImage.Ending.Kind
        TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        SECONDS_FIELD_NUMBER: _ClassVar[int]
        transition_id: int
        kind: SessionImage.Ending.Kind
        seconds: float
        def __init__(self, transition_id: _Optional[int] = ..., kind: _Optional[_Union[SessionImage.Ending.Kind, str]] = ..., seconds: _Optional[float] = ...) -> None: ...
    class DepartedName(_message.Message):
        __slots__ = ("controller_id", "name")
        CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        controller_id: int
        name: str
        def __init__(self, controller_id: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...
    class DelegateRegistration(_message.Message):
        __slots__ = ("controller_id", "role", "client_id", "timeout", "vends_interaction", "vends_replacement")
        CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
        ROLE_FIELD_NUMBER: _ClassVar[int]
        CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
        TIMEOUT_FIELD_NUMBER: _ClassVar[int]
        VENDS_INTERACTION_FIELD_NUMBER: _ClassVar[int]
        VENDS_REPLACEMENT_FIELD_NUMBER: _ClassVar[int]
        controller_id: int
        role: _common_pb2.DelegateRole
        client_id: int
        timeout: float
        vends_interaction: bool
        vends_replacement: bool
        def __init__(self, controller_id: _Optional[int] = ..., role: _Optional[_Union[_common_pb2.DelegateRole, str]] = ..., client_id: _Optional[int] = ..., timeout: _Optional[float] = ..., vends_interaction: _Optional[bool] = ..., vends_replacement: _Optional[bool] = ...) -> None: ...
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NEXT_IDS_FIELD_NUMBER: _ClassVar[int]
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    STORYBOARDS_FIELD_NUMBER: _ClassVar[int]
    DETACHED_EVENTS_FIELD_NUMBER: _ClassVar[int]
    ENDINGS_FIELD_NUMBER: _ClassVar[int]
    DEPARTED_NAMES_FIELD_NUMBER: _ClassVar[int]
    DELEGATES_FIELD_NUMBER: _ClassVar[int]
    NEXT_DELEGATE_CALL_FIELD_NUMBER: _ClassVar[int]
    format: int
    clock: float
    name: str
    next_ids: _journal_pb2.IdentifierCounters
    windows: _containers.RepeatedCompositeFieldContainer[SessionImage.Window]
    controllers: _containers.RepeatedCompositeFieldContainer[SessionImage.Controller]
    views: _containers.RepeatedCompositeFieldContainer[SessionImage.View]
    storyboards: _containers.RepeatedCompositeFieldContainer[Storyboard]
    detached_events: SessionImage.EventRing
    endings: _containers.RepeatedCompositeFieldContainer[SessionImage.Ending]
    departed_names: _containers.RepeatedCompositeFieldContainer[SessionImage.DepartedName]
    delegates: _containers.RepeatedCompositeFieldContainer[SessionImage.DelegateRegistration]
    next_delegate_call: int
    def __init__(self, format: _Optional[int] = ..., clock: _Optional[float] = ..., name: _Optional[str] = ..., next_ids: _Optional[_Union[_journal_pb2.IdentifierCounters, _Mapping]] = ..., windows: _Optional[_Iterable[_Union[SessionImage.Window, _Mapping]]] = ..., controllers: _Optional[_Iterable[_Union[SessionImage.Controller, _Mapping]]] = ..., views: _Optional[_Iterable[_Union[SessionImage.View, _Mapping]]] = ..., storyboards: _Optional[_Iterable[_Union[Storyboard, _Mapping]]] = ..., detached_events: _Optional[_Union[SessionImage.EventRing, _Mapping]] = ..., endings: _Optional[_Iterable[_Union[SessionImage.Ending, _Mapping]]] = ..., departed_names: _Optional[_Iterable[_Union[SessionImage.DepartedName, _Mapping]]] = ..., delegates: _Optional[_Iterable[_Union[SessionImage.DelegateRegistration, _Mapping]]] = ..., next_delegate_call: _Optional[int] = ...) -> None: ...

class Storyboard(_message.Message):
    __slots__ = ("name", "initial_scene", "scenes", "segues")
    class Scene(_message.Message):
        __slots__ = ("id", "kind", "title", "children", "unwind_actions", "modal_presentation_style", "modal_transition_style", "defines_presentation_context", "preferred_content_size", "collection")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CHILDREN_FIELD_NUMBER: _ClassVar[int]
        UNWIND_ACTIONS_FIELD_NUMBER: _ClassVar[int]
        MODAL_PRESENTATION_STYLE_FIELD_NUMBER: _ClassVar[int]
        MODAL_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
        DEFINES_PRESENTATION_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        PREFERRED_CONTENT_SIZE_FIELD_NUMBER: _ClassVar[int]
        COLLECTION_FIELD_NUMBER: _ClassVar[int]
        id: str
        kind: _common_pb2.ControllerKind
        title: str
        children: _containers.RepeatedScalarFieldContainer[str]
        unwind_actions: _containers.RepeatedScalarFieldContainer[str]
        modal_presentation_style: _common_pb2.ModalPresentationStyle
        modal_transition_style: _common_pb2.ModalTransitionStyle
        defines_presentation_context: bool
        preferred_content_size: _common_pb2.Size
        collection: _common_pb2.CollectionOptions
        def __init__(self, id: _Optional[str] = ..., kind: _Optional[_Union[_common_pb2.ControllerKind, str]] = ..., title: _Optional[str] = ..., children: _Optional[_Iterable[str]] = ..., unwind_actions: _Optional[_Iterable[str]] = ..., modal_presentation_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., modal_transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., defines_presentation_context: _Optional[bool] = ..., preferred_content_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., collection: _Optional[_Union[_common_pb2.CollectionOptions, _Mapping]] = ...) -> None: ...
    class Segue(_message.Message):
        __slots__ = ("identifier", "source", "destination", "kind", "style", "transition", "anchor_rect", "anchor_arrow_directions", "animator", "action", "animates", "should_perform")
        class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            KIND_UNSPECIFIED: _ClassVar[Storyboard.Segue.Kind]
            KIND_SHOW: _ClassVar[Storyboard.Segue.Kind]
            KIND_SHOW_DETAIL: _ClassVar[Storyboard.Segue.Kind]
            KIND_PRESENT: _ClassVar[Storyboard.Segue.Kind]
            KIND_POPOVER: _ClassVar[Storyboard.Segue.Kind]
            KIND_CUSTOM: _ClassVar[Storyboard.Segue.Kind]
            KIND_UNWIND: _ClassVar[Storyboard.Segue.Kind]
        KIND_UNSPECIFIED: Storyboard.Segue.Kind
        KIND_SHOW: Storyboard.Segue.Kind
        KIND_SHOW_DETAIL: Storyboard.Segue.Kind
        KIND_PRESENT: Storyboard.Segue.Kind
        KIND_POPOVER: Storyboard.Segue.Kind
        KIND_CUSTOM: Storyboard.Segue.Kind
        KIND_UNWIND: Storyboard.Segue.Kind
        IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        STYLE_FIELD_NUMBER: _ClassVar[int]
        TRANSITION_FIELD_NUMBER: _ClassVar[int]
        ANCHOR_RECT_FIELD_NUMBER: _ClassVar[int]
        ANCHOR_ARROW_DIRECTIONS_FIELD_NUMBER: _ClassVar[int]
        ANIMATOR_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        ANIMATES_FIELD_NUMBER: _ClassVar[int]
        SHOULD_PERFORM_FIELD_NUMBER: _ClassVar[int]
        identifier: str
        source: str
        destination: str
        kind: Storyboard.Segue.Kind
        style: _common_pb2.ModalPresentationStyle
        transition: _common_pb2.ModalTransitionStyle
        anchor_rect: _common_pb2.Rect
        anchor_arrow_directions: int
        animator: _common_pb2.AnimatorSpec
        action: str
        animates: bool
        should_perform: bool
        def __init__(self, identifier: _Optional[str] = ..., source: _Optional[str] = ..., destination: _Optional[str] = ..., kind: _Optional[_Union[Storyboard.Segue.Kind, str]] = ..., style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., transition: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., anchor_rect: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., anchor_arrow_directions: _Optional[int] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ..., action: _Optional[str] = ..., animates: _Optional[bool] = ..., should_perform: _Optional[bool] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    INITIAL_SCENE_FIELD_NUMBER: _ClassVar[int]
    SCENES_FIELD_NUMBER: _ClassVar[int]
    SEGUES_FIELD_NUMBER: _ClassVar[int]
    name: str
    initial_scene: str
    scenes: _containers.RepeatedCompositeFieldContainer[Storyboard.Scene]
    segues: _containers.RepeatedCompositeFieldContainer[Storyboard.Segue]
    def __init__(self, name: _Optional[str] = ..., initial_scene: _Optional[str] = ..., scenes: _Optional[_Iterable[_Union[Storyboard.Scene, _Mapping]]] = ..., segues: _Optional[_Iterable[_Union[Storyboard.Segue, _Mapping]]] = ...) -> None: ...

class PortableSession(_message.Message):
    __slots__ = ("kind", "version", "generator", "snapshot")
    KIND_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GENERATOR_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    version: int
    generator: str
    snapshot: SessionImage
    def __init__(self, kind: _Optional[str] = ..., version: _Optional[int] = ..., generator: _Optional[str] = ..., snapshot: _Optional[_Union[SessionImage, _Mapping]] = ...) -> None: ...
