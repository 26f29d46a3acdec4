from curtain.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EventCategory(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_CATEGORY_UNSPECIFIED: _ClassVar[EventCategory]
    EVENT_CATEGORY_LIFECYCLE: _ClassVar[EventCategory]
    EVENT_CATEGORY_HIERARCHY: _ClassVar[EventCategory]
    EVENT_CATEGORY_TRANSITION: _ClassVar[EventCategory]
    EVENT_CATEGORY_PRESENTATION: _ClassVar[EventCategory]
    EVENT_CATEGORY_WINDOW: _ClassVar[EventCategory]
    EVENT_CATEGORY_OPERATION: _ClassVar[EventCategory]

class ErrorCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_CODE_UNSPECIFIED: _ClassVar[ErrorCode]
    ERROR_CODE_INVALID_ARGUMENT: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_FOUND: _ClassVar[ErrorCode]
    ERROR_CODE_ALREADY_PRESENTING: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_IN_WINDOW: _ClassVar[ErrorCode]
    ERROR_CODE_BUSY: _ClassVar[ErrorCode]
    ERROR_CODE_CONFLICT: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_OWNER: _ClassVar[ErrorCode]
    ERROR_CODE_UNAUTHENTICATED: _ClassVar[ErrorCode]
    ERROR_CODE_PERMISSION_DENIED: _ClassVar[ErrorCode]
    ERROR_CODE_LIMIT_EXCEEDED: _ClassVar[ErrorCode]
    ERROR_CODE_UNSUPPORTED_VERSION: _ClassVar[ErrorCode]
    ERROR_CODE_INTERNAL: _ClassVar[ErrorCode]
    ERROR_CODE_UNAVAILABLE: _ClassVar[ErrorCode]
    ERROR_CODE_MOVED: _ClassVar[ErrorCode]
EVENT_CATEGORY_UNSPECIFIED: EventCategory
EVENT_CATEGORY_LIFECYCLE: EventCategory
EVENT_CATEGORY_HIERARCHY: EventCategory
EVENT_CATEGORY_TRANSITION: EventCategory
EVENT_CATEGORY_PRESENTATION: EventCategory
EVENT_CATEGORY_WINDOW: EventCategory
EVENT_CATEGORY_OPERATION: EventCategory
ERROR_CODE_UNSPECIFIED: ErrorCode
ERROR_CODE_INVALID_ARGUMENT: ErrorCode
ERROR_CODE_NOT_FOUND: ErrorCode
ERROR_CODE_ALREADY_PRESENTING: ErrorCode
ERROR_CODE_NOT_IN_WINDOW: ErrorCode
ERROR_CODE_BUSY: ErrorCode
ERROR_CODE_CONFLICT: ErrorCode
ERROR_CODE_NOT_OWNER: ErrorCode
ERROR_CODE_UNAUTHENTICATED: ErrorCode
ERROR_CODE_PERMISSION_DENIED: ErrorCode
ERROR_CODE_LIMIT_EXCEEDED: ErrorCode
ERROR_CODE_UNSUPPORTED_VERSION: ErrorCode
ERROR_CODE_INTERNAL: ErrorCode
ERROR_CODE_UNAVAILABLE: ErrorCode
ERROR_CODE_MOVED: ErrorCode

class LifecycleEvent(_message.Message):
    __slots__ = ("controller_id", "callback", "animated", "other_id")
    class Callback(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CALLBACK_UNSPECIFIED: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_VIEW_DID_LOAD: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_VIEW_WILL_APPEAR: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_VIEW_DID_APPEAR: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_VIEW_WILL_DISAPPEAR: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_VIEW_DID_DISAPPEAR: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_WILL_MOVE_TO_PARENT: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_DID_MOVE_TO_PARENT: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_NAVIGATION_WILL_SHOW: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_NAVIGATION_DID_SHOW: _ClassVar[LifecycleEvent.Callback]
        CALLBACK_TAB_BAR_DID_SELECT: _ClassVar[LifecycleEvent.Callback]
    CALLBACK_UNSPECIFIED: LifecycleEvent.Callback
    CALLBACK_VIEW_DID_LOAD: LifecycleEvent.Callback
    CALLBACK_VIEW_WILL_APPEAR: LifecycleEvent.Callback
    CALLBACK_VIEW_DID_APPEAR: LifecycleEvent.Callback
    CALLBACK_VIEW_WILL_DISAPPEAR: LifecycleEvent.Callback
    CALLBACK_VIEW_DID_DISAPPEAR: LifecycleEvent.Callback
    CALLBACK_WILL_MOVE_TO_PARENT: LifecycleEvent.Callback
    CALLBACK_DID_MOVE_TO_PARENT: LifecycleEvent.Callback
    CALLBACK_NAVIGATION_WILL_SHOW: LifecycleEvent.Callback
    CALLBACK_NAVIGATION_DID_SHOW: LifecycleEvent.Callback
    CALLBACK_TAB_BAR_DID_SELECT: LifecycleEvent.Callback
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    CALLBACK_FIELD_NUMBER: _ClassVar[int]
    ANIMATED_FIELD_NUMBER: _ClassVar[int]
    OTHER_ID_FIELD_NUMBER: _ClassVar[int]
    controller_id: int
    callback: LifecycleEvent.Callback
    animated: bool
    other_id: int
    def __init__(self, controller_id: _Optional[int] = ..., callback: _Optional[_Union[LifecycleEvent.Callback, str]] = ..., animated: _Optional[bool] = ..., other_id: _Optional[int] = ...) -> None: ...

class HierarchyEvent(_message.Message):
    __slots__ = ("change", "parent_id", "controller_id", "controller_ids", "selected_index", "display_mode")
    class Change(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CHANGE_UNSPECIFIED: _ClassVar[HierarchyEvent.Change]
        CHANGE_ROOT: _ClassVar[HierarchyEvent.Change]
        CHANGE_CHILD_ADDED: _ClassVar[HierarchyEvent.Change]
        CHANGE_CHILD_REMOVED: _ClassVar[HierarchyEvent.Change]
        CHANGE_VIEW_CONTROLLERS: _ClassVar[HierarchyEvent.Change]
        CHANGE_SELECTION: _ClassVar[HierarchyEvent.Change]
        CHANGE_SPLIT_COLLAPSED: _ClassVar[HierarchyEvent.Change]
        CHANGE_SPLIT_EXPANDED: _ClassVar[HierarchyEvent.Change]
        CHANGE_DISPLAY_MODE: _ClassVar[HierarchyEvent.Change]
    CHANGE_UNSPECIFIED: HierarchyEvent.Change
    CHANGE_ROOT: HierarchyEvent.Change
    CHANGE_CHILD_ADDED: HierarchyEvent.Change
    CHANGE_CHILD_REMOVED: HierarchyEvent.Change
    CHANGE_VIEW_CONTROLLERS: HierarchyEvent.Change
    CHANGE_SELECTION: HierarchyEvent.Change
    CHANGE_SPLIT_COLLAPSED: HierarchyEvent.Change
    CHANGE_SPLIT_EXPANDED: HierarchyEvent.Change
    CHANGE_DISPLAY_MODE: HierarchyEvent.Change
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_IDS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_INDEX_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_MODE_FIELD_NUMBER: _ClassVar[int]
    change: HierarchyEvent.Change
    parent_id: int
    controller_id: int
    controller_ids: _containers.RepeatedScalarFieldContainer[int]
    selected_index: int
    display_mode: _common_pb2.SplitDisplayMode
    def __init__(self, change: _Optional[_Union[HierarchyEvent.Change, str]] = ..., parent_id: _Optional[int] = ..., controller_id: _Optional[int] = ..., controller_ids: _Optional[_Iterable[int]] = ..., selected_index: _Optional[int] = ..., display_mode: _Optional[_Union[_common_pb2.SplitDisplayMode, str]] = ...) -> None: ...

class TransitionEvent(_message.Message):
    __slots__ = ("transition_id", "phase", "kind", "container_id", "from_id", "to_id", "animated", "interactive", "duration", "cancelled", "percent", "old_size", "new_size", "old_traits", "new_traits", "old_layout", "new_layout")
    class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        PHASE_UNSPECIFIED: _ClassVar[TransitionEvent.Phase]
        PHASE_BEGAN: _ClassVar[TransitionEvent.Phase]
        PHASE_PAUSED: _ClassVar[TransitionEvent.Phase]
        PHASE_INTERACTION_CHANGED: _ClassVar[TransitionEvent.Phase]
        PHASE_ENDED: _ClassVar[TransitionEvent.Phase]
    PHASE_UNSPECIFIED: TransitionEvent.Phase
    PHASE_BEGAN: TransitionEvent.Phase
    PHASE_PAUSED: TransitionEvent.Phase
    PHASE_INTERACTION_CHANGED: TransitionEvent.Phase
    PHASE_ENDED: TransitionEvent.Phase
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_ID_FIELD_NUMBER: _ClassVar[int]
    TO_ID_FIELD_NUMBER: _ClassVar[int]
    ANIMATED_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    OLD_SIZE_FIELD_NUMBER: _ClassVar[int]
    NEW_SIZE_FIELD_NUMBER: _ClassVar[int]
    OLD_TRAITS_FIELD_NUMBER: _ClassVar[int]
    NEW_TRAITS_FIELD_NUMBER: _ClassVar[int]
    OLD_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    NEW_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    phase: TransitionEvent.Phase
    kind: str
    container_id: int
    from_id: int
    to_id: int
    animated: bool
    interactive: bool
    duration: float
    cancelled: bool
    percent: float
    old_size: _common_pb2.Size
    new_size: _common_pb2.Size
    old_traits: _common_pb2.Traits
    new_traits: _common_pb2.Traits
    old_layout: _common_pb2.CollectionLayout
    new_layout: _common_pb2.CollectionLayout
    def __init__(self, transition_id: _Optional[int] = ..., phase: _Optional[_Union[TransitionEvent.Phase, str]] = ..., kind: _Optional[str] = ..., container_id: _Optional[int] = ..., from_id: _Optional[int] = ..., to_id: _Optional[int] = ..., animated: _Optional[bool] = ..., interactive: _Optional[bool] = ..., duration: _Optional[float] = ..., cancelled: _Optional[bool] = ..., percent: _Optional[float] = ..., old_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., new_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., old_traits: _Optional[_Union[_common_pb2.Traits, _Mapping]] = ..., new_traits: _Optional[_Union[_common_pb2.Traits, _Mapping]] = ..., old_layout: _Optional[_Union[_common_pb2.CollectionLayout, _Mapping]] = ..., new_layout: _Optional[_Union[_common_pb2.CollectionLayout, _Mapping]] = ...) -> None: ...

class SizeTransitionEvent(_message.Message):
    __slots__ = ("controller_id", "callback", "size", "traits")
    class Callback(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CALLBACK_UNSPECIFIED: _ClassVar[SizeTransitionEvent.Callback]
        CALLBACK_WILL_TRANSITION_TO_TRAITS: _ClassVar[SizeTransitionEvent.Callback]
        CALLBACK_VIEW_WILL_TRANSITION_TO_SIZE: _ClassVar[SizeTransitionEvent.Callback]
        CALLBACK_TRAIT_COLLECTION_DID_CHANGE: _ClassVar[SizeTransitionEvent.Callback]
    CALLBACK_UNSPECIFIED: SizeTransitionEvent.Callback
    CALLBACK_WILL_TRANSITION_TO_TRAITS: SizeTransitionEvent.Callback
    CALLBACK_VIEW_WILL_TRANSITION_TO_SIZE: SizeTransitionEvent.Callback
    CALLBACK_TRAIT_COLLECTION_DID_CHANGE: SizeTransitionEvent.Callback
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    CALLBACK_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    controller_id: int
    callback: SizeTransitionEvent.Callback
    size: _common_pb2.Size
    traits: _common_pb2.Traits
    def __init__(self, controller_id: _Optional[int] = ..., callback: _Optional[_Union[SizeTransitionEvent.Callback, str]] = ..., size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., traits: _Optional[_Union[_common_pb2.Traits, _Mapping]] = ...) -> None: ...

class PresentationEvent(_message.Message):
    __slots__ = ("presented_id", "presenting_id", "phase", "completed", "style", "popover_placement")
    class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        PHASE_UNSPECIFIED: _ClassVar[PresentationEvent.Phase]
        PHASE_PRESENTATION_WILL_BEGIN: _ClassVar[PresentationEvent.Phase]
        PHASE_PRESENTATION_DID_END: _ClassVar[PresentationEvent.Phase]
        PHASE_DISMISSAL_WILL_BEGIN: _ClassVar[PresentationEvent.Phase]
        PHASE_DISMISSAL_DID_END: _ClassVar[PresentationEvent.Phase]
        PHASE_ADAPTED: _ClassVar[PresentationEvent.Phase]
        PHASE_POPOVER_PLACED: _ClassVar[PresentationEvent.Phase]
        PHASE_SHOULD_DISMISS: _ClassVar[PresentationEvent.Phase]
        PHASE_WILL_DISMISS: _ClassVar[PresentationEvent.Phase]
        PHASE_DID_DISMISS: _ClassVar[PresentationEvent.Phase]
        PHASE_DID_ATTEMPT_TO_DISMISS: _ClassVar[PresentationEvent.Phase]
    PHASE_UNSPECIFIED: PresentationEvent.Phase
    PHASE_PRESENTATION_WILL_BEGIN: PresentationEvent.Phase
    PHASE_PRESENTATION_DID_END: PresentationEvent.Phase
    PHASE_DISMISSAL_WILL_BEGIN: PresentationEvent.Phase
    PHASE_DISMISSAL_DID_END: PresentationEvent.Phase
    PHASE_ADAPTED: PresentationEvent.Phase
    PHASE_POPOVER_PLACED: PresentationEvent.Phase
    PHASE_SHOULD_DISMISS: PresentationEvent.Phase
    PHASE_WILL_DISMISS: PresentationEvent.Phase
    PHASE_DID_DISMISS: PresentationEvent.Phase
    PHASE_DID_ATTEMPT_TO_DISMISS: PresentationEvent.Phase
    PRESENTED_ID_FIELD_NUMBER: _ClassVar[int]
    PRESENTING_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    STYLE_FIELD_NUMBER: _ClassVar[int]
    POPOVER_PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    presented_id: int
    presenting_id: int
    phase: PresentationEvent.Phase
    completed: bool
    style: _common_pb2.ModalPresentationStyle
    popover_placement: _common_pb2.PopoverPlacement
    def __init__(self, presented_id: _Optional[int] = ..., presenting_id: _Optional[int] = ..., phase: _Optional[_Union[PresentationEvent.Phase, str]] = ..., completed: _Optional[bool] = ..., style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., popover_placement: _Optional[_Union[_common_pb2.PopoverPlacement, _Mapping]] = ...) -> None: ...

class OperationEvent(_message.Message):
    __slots__ = ("operation_id", "phase", "position", "cancelled", "removed_ids", "error")
    class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        PHASE_UNSPECIFIED: _ClassVar[OperationEvent.Phase]
        PHASE_QUEUED: _ClassVar[OperationEvent.Phase]
        PHASE_STARTED: _ClassVar[OperationEvent.Phase]
        PHASE_COMPLETED: _ClassVar[OperationEvent.Phase]
        PHASE_FAILED: _ClassVar[OperationEvent.Phase]
    PHASE_UNSPECIFIED: OperationEvent.Phase
    PHASE_QUEUED: OperationEvent.Phase
    PHASE_STARTED: OperationEvent.Phase
    PHASE_COMPLETED: OperationEvent.Phase
    PHASE_FAILED: OperationEvent.Phase
    OPERATION_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_IDS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    operation_id: int
    phase: OperationEvent.Phase
    position: int
    cancelled: bool
    removed_ids: _containers.RepeatedScalarFieldContainer[int]
    error: Error
    def __init__(self, operation_id: _Optional[int] = ..., phase: _Optional[_Union[OperationEvent.Phase, str]] = ..., position: _Optional[int] = ..., cancelled: _Optional[bool] = ..., removed_ids: _Optional[_Iterable[int]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class WindowEvent(_message.Message):
    __slots__ = ("change", "size", "visible", "tap")
    class Change(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CHANGE_UNSPECIFIED: _ClassVar[WindowEvent.Change]
        CHANGE_CREATED: _ClassVar[WindowEvent.Change]
        CHANGE_VISIBILITY: _ClassVar[WindowEvent.Change]
        CHANGE_RESIZED: _ClassVar[WindowEvent.Change]
        CHANGE_CLOSED: _ClassVar[WindowEvent.Change]
        CHANGE_TAPPED: _ClassVar[WindowEvent.Change]
    CHANGE_UNSPECIFIED: WindowEvent.Change
    CHANGE_CREATED: WindowEvent.Change
    CHANGE_VISIBILITY: WindowEvent.Change
    CHANGE_RESIZED: WindowEvent.Change
    CHANGE_CLOSED: WindowEvent.Change
    CHANGE_TAPPED: WindowEvent.Change
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_FIELD_NUMBER: _ClassVar[int]
    TAP_FIELD_NUMBER: _ClassVar[int]
    change: WindowEvent.Change
    size: _common_pb2.Size
    visible: bool
    tap: _common_pb2.TapHit
    def __init__(self, change: _Optional[_Union[WindowEvent.Change, str]] = ..., size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., visible: _Optional[bool] = ..., tap: _Optional[_Union[_common_pb2.TapHit, _Mapping]] = ...) -> None: ...

class SegueEvent(_message.Message):
    __slots__ = ("controller_id", "callback", "identifier", "action", "destination_id", "source_id", "answer")
    class Callback(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CALLBACK_UNSPECIFIED: _ClassVar[SegueEvent.Callback]
        CALLBACK_SHOULD_PERFORM: _ClassVar[SegueEvent.Callback]
        CALLBACK_PREPARE: _ClassVar[SegueEvent.Callback]
        CALLBACK_CAN_PERFORM_UNWIND: _ClassVar[SegueEvent.Callback]
        CALLBACK_UNWIND_ACTION: _ClassVar[SegueEvent.Callback]
    CALLBACK_UNSPECIFIED: SegueEvent.Callback
    CALLBACK_SHOULD_PERFORM: SegueEvent.Callback
    CALLBACK_PREPARE: SegueEvent.Callback
    CALLBACK_CAN_PERFORM_UNWIND: SegueEvent.Callback
    CALLBACK_UNWIND_ACTION: SegueEvent.Callback
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    CALLBACK_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_ID_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    controller_id: int
    callback: SegueEvent.Callback
    identifier: str
    action: str
    destination_id: int
    source_id: int
    answer: bool
    def __init__(self, controller_id: _Optional[int] = ..., callback: _Optional[_Union[SegueEvent.Callback, str]] = ..., identifier: _Optional[str] = ..., action: _Optional[str] = ..., destination_id: _Optional[int] = ..., source_id: _Optional[int] = ..., answer: _Optional[bool] = ...) -> None: ...

class DelegateEvent(_message.Message):
    __slots__ = ("controller_id", "phase", "call_id", "method", "arguments", "answer", "reason", "detail", "role", "by_client_id")
    class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        PHASE_UNSPECIFIED: _ClassVar[DelegateEvent.Phase]
        PHASE_CALLED: _ClassVar[DelegateEvent.Phase]
        PHASE_ANSWERED: _ClassVar[DelegateEvent.Phase]
        PHASE_FALLBACK: _ClassVar[DelegateEvent.Phase]
        PHASE_REPLACED: _ClassVar[DelegateEvent.Phase]
    PHASE_UNSPECIFIED: DelegateEvent.Phase
    PHASE_CALLED: DelegateEvent.Phase
    PHASE_ANSWERED: DelegateEvent.Phase
    PHASE_FALLBACK: DelegateEvent.Phase
    PHASE_REPLACED: DelegateEvent.Phase
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    BY_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    controller_id: int
    phase: DelegateEvent.Phase
    call_id: int
    method: _common_pb2.DelegateMethod
    arguments: _common_pb2.DelegateArguments
    answer: _common_pb2.DelegateAnswer
    reason: str
    detail: str
    role: _common_pb2.DelegateRole
    by_client_id: int
    def __init__(self, controller_id: _Optional[int] = ..., phase: _Optional[_Union[DelegateEvent.Phase, str]] = ..., call_id: _Optional[int] = ..., method: _Optional[_Union[_common_pb2.DelegateMethod, str]] = ..., arguments: _Optional[_Union[_common_pb2.DelegateArguments, _Mapping]] = ..., answer: _Optional[_Union[_common_pb2.DelegateAnswer, _Mapping]] = ..., reason: _Optional[str] = ..., detail: _Optional[str] = ..., role: _Optional[_Union[_common_pb2.DelegateRole, str]] = ..., by_client_id: _Optional[int] = ...) -> None: ...

class LeaseEvent(_message.Message):
    __slots__ = ("change", "holder_client_id", "holder_name", "expires_in", "by_client_id")
    class Change(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CHANGE_UNSPECIFIED: _ClassVar[LeaseEvent.Change]
        CHANGE_ACQUIRED: _ClassVar[LeaseEvent.Change]
        CHANGE_RENEWED: _ClassVar[LeaseEvent.Change]
        CHANGE_RELEASED: _ClassVar[LeaseEvent.Change]
        CHANGE_EXPIRED: _ClassVar[LeaseEvent.Change]
        CHANGE_LOST: _ClassVar[LeaseEvent.Change]
    CHANGE_UNSPECIFIED: LeaseEvent.Change
    CHANGE_ACQUIRED: LeaseEvent.Change
    CHANGE_RENEWED: LeaseEvent.Change
    CHANGE_RELEASED: LeaseEvent.Change
    CHANGE_EXPIRED: LeaseEvent.Change
    CHANGE_LOST: LeaseEvent.Change
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    HOLDER_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    HOLDER_NAME_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    BY_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    change: LeaseEvent.Change
    holder_client_id: int
    holder_name: str
    expires_in: float
    by_client_id: int
    def __init__(self, change: _Optional[_Union[LeaseEvent.Change, str]] = ..., holder_client_id: _Optional[int] = ..., holder_name: _Optional[str] = ..., expires_in: _Optional[float] = ..., by_client_id: _Optional[int] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("subscription_id", "window_id", "seq", "revision", "trace_id", "time", "category", "text", "lifecycle", "hierarchy", "transition", "operation", "window", "presentation", "size_transition", "segue", "lease", "delegate")
    SUBSCRIPTION_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    LIFECYCLE_FIELD_NUMBER: _ClassVar[int]
    HIERARCHY_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    SIZE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    SEGUE_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_FIELD_NUMBER: _ClassVar[int]
    subscription_id: int
    window_id: int
    seq: int
    revision: int
    trace_id: str
    time: float
    category: EventCategory
    text: str
    lifecycle: LifecycleEvent
    hierarchy: HierarchyEvent
    transition: TransitionEvent
    operation: OperationEvent
    window: WindowEvent
    presentation: PresentationEvent
    size_transition: SizeTransitionEvent
    segue: SegueEvent
    lease: LeaseEvent
    delegate: DelegateEvent
    def __init__(self, subscription_id: _Optional[int] = ..., window_id: _Optional[int] = ..., seq: _Optional[int] = ..., revision: _Optional[int] = ..., trace_id: _Optional[str] = ..., time: _Optional[float] = ..., category: _Optional[_Union[EventCategory, str]] = ..., text: _Optional[str] = ..., lifecycle: _Optional[_Union[LifecycleEvent, _Mapping]] = ..., hierarchy: _Optional[_Union[HierarchyEvent, _Mapping]] = ..., transition: _Optional[_Union[TransitionEvent, _Mapping]] = ..., operation: _Optional[_Union[OperationEvent, _Mapping]] = ..., window: _Optional[_Union[WindowEvent, _Mapping]] = ..., presentation: _Optional[_Union[PresentationEvent, _Mapping]] = ..., size_transition: _Optional[_Union[SizeTransitionEvent, _Mapping]] = ..., segue: _Optional[_Union[SegueEvent, _Mapping]] = ..., lease: _Optional[_Union[LeaseEvent, _Mapping]] = ..., delegate: _Optional[_Union[DelegateEvent, _Mapping]] = ...) -> None: ...

class ViewFrame(_message.Message):
    __slots__ = ("view_id", "controller_id", "role", "state")
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    view_id: int
    controller_id: int
    role: str
    state: _common_pb2.ViewState
    def __init__(self, view_id: _Optional[int] = ..., controller_id: _Optional[int] = ..., role: _Optional[str] = ..., state: _Optional[_Union[_common_pb2.ViewState, _Mapping]] = ...) -> None: ...

class TransitionProgress(_message.Message):
    __slots__ = ("transition_id", "percent", "interactive")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    percent: float
    interactive: bool
    def __init__(self, transition_id: _Optional[int] = ..., percent: _Optional[float] = ..., interactive: _Optional[bool] = ...) -> None: ...

class Frame(_message.Message):
    __slots__ = ("window_id", "frame_seq", "model_time", "views", "transitions", "frames_skipped")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    FRAME_SEQ_FIELD_NUMBER: _ClassVar[int]
    MODEL_TIME_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    TRANSITIONS_FIELD_NUMBER: _ClassVar[int]
    FRAMES_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    frame_seq: int
    model_time: float
    views: _containers.RepeatedCompositeFieldContainer[ViewFrame]
    transitions: _containers.RepeatedCompositeFieldContainer[TransitionProgress]
    frames_skipped: int
    def __init__(self, window_id: _Optional[int] = ..., frame_seq: _Optional[int] = ..., model_time: _Optional[float] = ..., views: _Optional[_Iterable[_Union[ViewFrame, _Mapping]]] = ..., transitions: _Optional[_Iterable[_Union[TransitionProgress, _Mapping]]] = ..., frames_skipped: _Optional[int] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "details")
    class DetailsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    code: ErrorCode
    message: str
    details: _containers.ScalarMap[str, str]
    def __init__(self, code: _Optional[_Union[ErrorCode, str]] = ..., message: _Optional[str] = ..., details: _Optional[_Mapping[str, str]] = ...) -> None: ...
