from curtain.v1 import common_pb2 as _common_pb2
from curtain.v1 import events_pb2 as _events_pb2
from curtain.v1 import metrics_pb2 as _metrics_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ProtocolVersion(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROTOCOL_VERSION_UNSPECIFIED: _ClassVar[ProtocolVersion]
    PROTOCOL_VERSION_CURRENT: _ClassVar[ProtocolVersion]

class WaitUntil(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WAIT_UNTIL_ACCEPTED: _ClassVar[WaitUntil]
    WAIT_UNTIL_STARTED: _ClassVar[WaitUntil]
    WAIT_UNTIL_COMPLETED: _ClassVar[WaitUntil]

class ShouldPerformAnswer(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SHOULD_PERFORM_ANSWER_STORYBOARD: _ClassVar[ShouldPerformAnswer]
    SHOULD_PERFORM_ANSWER_YES: _ClassVar[ShouldPerformAnswer]
    SHOULD_PERFORM_ANSWER_NO: _ClassVar[ShouldPerformAnswer]

class TraceClock(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRACE_CLOCK_WINDOW: _ClassVar[TraceClock]
    TRACE_CLOCK_WALL: _ClassVar[TraceClock]
PROTOCOL_VERSION_UNSPECIFIED: ProtocolVersion
PROTOCOL_VERSION_CURRENT: ProtocolVersion
WAIT_UNTIL_ACCEPTED: WaitUntil
WAIT_UNTIL_STARTED: WaitUntil
WAIT_UNTIL_COMPLETED: WaitUntil
SHOULD_PERFORM_ANSWER_STORYBOARD: ShouldPerformAnswer
SHOULD_PERFORM_ANSWER_YES: ShouldPerformAnswer
SHOULD_PERFORM_ANSWER_NO: ShouldPerformAnswer
TRACE_CLOCK_WINDOW: TraceClock
TRACE_CLOCK_WALL: TraceClock

class ClientMessage(_message.Message):
    __slots__ = ("request", "frame_ack")
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    FRAME_ACK_FIELD_NUMBER: _ClassVar[int]
    request: Request
    frame_ack: FrameAck
    def __init__(self, request: _Optional[_Union[Request, _Mapping]] = ..., frame_ack: _Optional[_Union[FrameAck, _Mapping]] = ...) -> None: ...

class ServerMessage(_message.Message):
    __slots__ = ("response", "event", "frame", "goodbye", "delegate_call", "animate_transition")
    RESPONSE_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    GOODBYE_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_CALL_FIELD_NUMBER: _ClassVar[int]
    ANIMATE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    response: Response
    event: _events_pb2.Event
    frame: _events_pb2.Frame
    goodbye: Goodbye
    delegate_call: DelegateCall
    animate_transition: AnimateTransition
    def __init__(self, response: _Optional[_Union[Response, _Mapping]] = ..., event: _Optional[_Union[_events_pb2.Event, _Mapping]] = ..., frame: _Optional[_Union[_events_pb2.Frame, _Mapping]] = ..., goodbye: _Optional[_Union[Goodbye, _Mapping]] = ..., delegate_call: _Optional[_Union[DelegateCall, _Mapping]] = ..., animate_transition: _Optional[_Union[AnimateTransition, _Mapping]] = ...) -> None: ...

class Goodbye(_message.Message):
    __slots__ = ("reason", "message", "details")
    class Reason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        REASON_UNSPECIFIED: _ClassVar[Goodbye.Reason]
        REASON_SHUTDOWN: _ClassVar[Goodbye.Reason]
        REASON_PROTOCOL_ERROR: _ClassVar[Goodbye.Reason]
        REASON_SLOW_CONSUMER: _ClassVar[Goodbye.Reason]
        REASON_UNAUTHENTICATED: _ClassVar[Goodbye.Reason]
        REASON_FRAME_POLICY: _ClassVar[Goodbye.Reason]
        REASON_TIMEOUT: _ClassVar[Goodbye.Reason]
        REASON_LIMIT_EXCEEDED: _ClassVar[Goodbye.Reason]
        REASON_MOVED: _ClassVar[Goodbye.Reason]
    REASON_UNSPECIFIED: Goodbye.Reason
    REASON_SHUTDOWN: Goodbye.Reason
    REASON_PROTOCOL_ERROR: Goodbye.Reason
    REASON_SLOW_CONSUMER: Goodbye.Reason
    REASON_UNAUTHENTICATED: Goodbye.Reason
    REASON_FRAME_POLICY: Goodbye.Reason
    REASON_TIMEOUT: Goodbye.Reason
    REASON_LIMIT_EXCEEDED: Goodbye.Reason
    REASON_MOVED: Goodbye.Reason
    class DetailsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    reason: Goodbye.Reason
    message: str
    details: _containers.ScalarMap[str, str]
    def __init__(self, reason: _Optional[_Union[Goodbye.Reason, str]] = ..., message: _Optional[str] = ..., details: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Request(_message.Message):
    __slots__ = ("request_id", "trace_id", "expected_revision", "wait_until", "session", "hello", "sync", "get_status", "shutdown", "list_sessions", "kill_session", "export_session", "import_session", "get_metrics", "list_nodes", "move_session", "record", "check_recording", "create_window", "list_windows", "close_window", "resize_window", "set_window_visible", "set_window_speed", "create_controller", "configure_controller", "list_controllers", "delete_controller", "set_root", "add_child", "remove_from_parent", "transition_children", "push", "pop", "pop_to", "pop_to_root", "set_stack", "select_tab", "set_tabs", "begin_interactive", "update_interactive", "pause_transition", "finish_interactive", "cancel_interactive", "animate_alongside", "list_transitions", "get_trace", "get_tree", "subscribe", "unsubscribe", "advance_clock", "wait_idle", "present", "dismiss", "show", "show_detail", "load_storyboard", "perform_segue", "unwind", "unload_storyboard", "instantiate_scene", "configure_split", "set_split_columns", "set_pages", "turn_page", "set_collection_layout", "begin_appearance_transition", "end_appearance_transition", "tap", "lease", "release", "set_delegate", "clear_delegate", "delegate_reply", "transition_frame", "complete_transition")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_REVISION_FIELD_NUMBER: _ClassVar[int]
    WAIT_UNTIL_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    HELLO_FIELD_NUMBER: _ClassVar[int]
    SYNC_FIELD_NUMBER: _ClassVar[int]
    GET_STATUS_FIELD_NUMBER: _ClassVar[int]
    SHUTDOWN_FIELD_NUMBER: _ClassVar[int]
    LIST_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    KILL_SESSION_FIELD_NUMBER: _ClassVar[int]
    EXPORT_SESSION_FIELD_NUMBER: _ClassVar[int]
    IMPORT_SESSION_FIELD_NUMBER: _ClassVar[int]
    GET_METRICS_FIELD_NUMBER: _ClassVar[int]
    LIST_NODES_FIELD_NUMBER: _ClassVar[int]
    MOVE_SESSION_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    CHECK_RECORDING_FIELD_NUMBER: _ClassVar[int]
    CREATE_WINDOW_FIELD_NUMBER: _ClassVar[int]
    LIST_WINDOWS_FIELD_NUMBER: _ClassVar[int]
    CLOSE_WINDOW_FIELD_NUMBER: _ClassVar[int]
    RESIZE_WINDOW_FIELD_NUMBER: _ClassVar[int]
    SET_WINDOW_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    SET_WINDOW_SPEED_FIELD_NUMBER: _ClassVar[int]
    CREATE_CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    CONFIGURE_CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    LIST_CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    DELETE_CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    SET_ROOT_FIELD_NUMBER: _ClassVar[int]
    ADD_CHILD_FIELD_NUMBER: _ClassVar[int]
    REMOVE_FROM_PARENT_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_CHILDREN_FIELD_NUMBER: _ClassVar[int]
    PUSH_FIELD_NUMBER: _ClassVar[int]
    POP_FIELD_NUMBER: _ClassVar[int]
    POP_TO_FIELD_NUMBER: _ClassVar[int]
    POP_TO_ROOT_FIELD_NUMBER: _ClassVar[int]
    SET_STACK_FIELD_NUMBER: _ClassVar[int]
    SELECT_TAB_FIELD_NUMBER: _ClassVar[int]
    SET_TABS_FIELD_NUMBER: _ClassVar[int]
    BEGIN_INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    UPDATE_INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    PAUSE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    FINISH_INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    CANCEL_INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    ANIMATE_ALONGSIDE_FIELD_NUMBER: _ClassVar[int]
    LIST_TRANSITIONS_FIELD_NUMBER: _ClassVar[int]
    GET_TRACE_FIELD_NUMBER: _ClassVar[int]
    GET_TREE_FIELD_NUMBER: _ClassVar[int]
    SUBSCRIBE_FIELD_NUMBER: _ClassVar[int]
    UNSUBSCRIBE_FIELD_NUMBER: _ClassVar[int]
    ADVANCE_CLOCK_FIELD_NUMBER: _ClassVar[int]
    WAIT_IDLE_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    SHOW_FIELD_NUMBER: _ClassVar[int]
    SHOW_DETAIL_FIELD_NUMBER: _ClassVar[int]
    LOAD_STORYBOARD_FIELD_NUMBER: _ClassVar[int]
    PERFORM_SEGUE_FIELD_NUMBER: _ClassVar[int]
    UNWIND_FIELD_NUMBER: _ClassVar[int]
    UNLOAD_STORYBOARD_FIELD_NUMBER: _ClassVar[int]
    INSTANTIATE_SCENE_FIELD_NUMBER: _ClassVar[int]
    CONFIGURE_SPLIT_FIELD_NUMBER: _ClassVar[int]
    SET_SPLIT_COLUMNS_FIELD_NUMBER: _ClassVar[int]
    SET_PAGES_FIELD_NUMBER: _ClassVar[int]
    TURN_PAGE_FIELD_NUMBER: _ClassVar[int]
    SET_COLLECTION_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    BEGIN_APPEARANCE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    END_APPEARANCE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    TAP_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    RELEASE_FIELD_NUMBER: _ClassVar[int]
    SET_DELEGATE_FIELD_NUMBER: _ClassVar[int]
    CLEAR_DELEGATE_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_REPLY_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FRAME_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_TRANSITION_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    trace_id: str
    expected_revision: int
    wait_until: WaitUntil
    session: str
    hello: Hello
    sync: Sync
    get_status: GetStatus
    shutdown: Shutdown
    list_sessions: ListSessions
    kill_session: KillSession
    export_session: ExportSession
    import_session: ImportSession
    get_metrics: _metrics_pb2.GetMetrics
    list_nodes: ListNodes
    move_session: MoveSession
    record: Record
    check_recording: CheckRecording
    create_window: CreateWindow
    list_windows: ListWindows
    close_window: CloseWindow
    resize_window: ResizeWindow
    set_window_visible: SetWindowVisible
    set_window_speed: SetWindowSpeed
    create_controller: CreateController
    configure_controller: ConfigureController
    list_controllers: ListControllers
    delete_controller: DeleteController
    set_root: SetRoot
    add_child: AddChild
    remove_from_parent: RemoveFromParent
    transition_children: TransitionChildren
    push: Push
    pop: Pop
    pop_to: PopTo
    pop_to_root: PopToRoot
    set_stack: SetStack
    select_tab: SelectTab
    set_tabs: SetTabs
    begin_interactive: BeginInteractive
    update_interactive: UpdateInteractive
    pause_transition: PauseTransition
    finish_interactive: FinishInteractive
    cancel_interactive: CancelInteractive
    animate_alongside: AnimateAlongside
    list_transitions: ListTransitions
    get_trace: GetTrace
    get_tree: GetTree
    subscribe: Subscribe
    unsubscribe: Unsubscribe
    advance_clock: AdvanceClock
    wait_idle: WaitIdle
    present: Present
    dismiss: Dismiss
    show: Show
    show_detail: ShowDetail
    load_storyboard: LoadStoryboard
    perform_segue: PerformSegue
    unwind: Unwind
    unload_storyboard: UnloadStoryboard
    instantiate_scene: InstantiateScene
    configure_split: ConfigureSplit
    set_split_columns: SetSplitColumns
    set_pages: SetPages
    turn_page: TurnPage
    set_collection_layout: SetCollectionLayout
    begin_appearance_transition: BeginAppearanceTransition
    end_appearance_transition: EndAppearanceTransition
    tap: Tap
    lease: Lease
    release: Release
    set_delegate: SetDelegate
    clear_delegate: ClearDelegate
    delegate_reply: DelegateReply
    transition_frame: TransitionFrame
    complete_transition: CompleteTransition
    def __init__(self, request_id: _Optional[int] = ..., trace_id: _Optional[str] = ..., expected_revision: _Optional[int] = ..., wait_until: _Optional[_Union[WaitUntil, str]] = ..., session: _Optional[str] = ..., hello: _Optional[_Union[Hello, _Mapping]] = ..., sync: _Optional[_Union[Sync, _Mapping]] = ..., get_status: _Optional[_Union[GetStatus, _Mapping]] = ..., shutdown: _Optional[_Union[Shutdown, _Mapping]] = ..., list_sessions: _Optional[_Union[ListSessions, _Mapping]] = ..., kill_session: _Optional[_Union[KillSession, _Mapping]] = ..., export_session: _Optional[_Union[ExportSession, _Mapping]] = ..., import_session: _Optional[_Union[ImportSession, _Mapping]] = ..., get_metrics: _Optional[_Union[_metrics_pb2.GetMetrics, _Mapping]] = ..., list_nodes: _Optional[_Union[ListNodes, _Mapping]] = ..., move_session: _Optional[_Union[MoveSession, _Mapping]] = ..., record: _Optional[_Union[Record, _Mapping]] = ..., check_recording: _Optional[_Union[CheckRecording, _Mapping]] = ..., create_window: _Optional[_Union[CreateWindow, _Mapping]] = ..., list_windows: _Optional[_Union[ListWindows, _Mapping]] = ..., close_window: _Optional[_Union[CloseWindow, _Mapping]] = ..., resize_window: _Optional[_Union[ResizeWindow, _Mapping]] = ..., set_window_visible: _Optional[_Union[SetWindowVisible, _Mapping]] = ..., set_window_speed: _Optional[_Union[SetWindowSpeed, _Mapping]] = ..., create_controller: _Optional[_Union[CreateController, _Mapping]] = ..., configure_controller: _Optional[_Union[ConfigureController, _Mapping]] = ..., list_controllers: _Optional[_Union[ListControllers, _Mapping]] = ..., delete_controller: _Optional[_Union[DeleteController, _Mapping]] = ..., set_root: _Optional[_Union[SetRoot, _Mapping]] = ..., add_child: _Optional[_Union[AddChild, _Mapping]] = ..., remove_from_parent: _Optional[_Union[RemoveFromParent, _Mapping]] = ..., transition_children: _Optional[_Union[TransitionChildren, _Mapping]] = ..., push: _Optional[_Union[Push, _Mapping]] = ..., pop: _Optional[_Union[Pop, _Mapping]] = ..., pop_to: _Optional[_Union[PopTo, _Mapping]] = ..., pop_to_root: _Optional[_Union[PopToRoot, _Mapping]] = ..., set_stack: _Optional[_Union[SetStack, _Mapping]] = ..., select_tab: _Optional[_Union[SelectTab, _Mapping]] = ..., set_tabs: _Optional[_Union[SetTabs, _Mapping]] = ..., begin_interactive: _Optional[_Union[BeginInteractive, _Mapping]] = ..., update_interactive: _Optional[_Union[UpdateInteractive, _Mapping]] = ..., pause_transition: _Optional[_Union[PauseTransition, _Mapping]] = ..., finish_interactive: _Optional[_Union[FinishInteractive, _Mapping]] = ..., cancel_interactive: _Optional[_Union[CancelInteractive, _Mapping]] = ..., animate_alongside: _Optional[_Union[AnimateAlongside, _Mapping]] = ..., list_transitions: _Optional[_Union[ListTransitions, _Mapping]] = ..., get_trace: _Optional[_Union[GetTrace, _Mapping]] = ..., get_tree: _Optional[_Union[GetTree, _Mapping]] = ..., subscribe: _Optional[_Union[Subscribe, _Mapping]] = ..., unsubscribe: _Optional[_Union[Unsubscribe, _Mapping]] = ..., advance_clock: _Optional[_Union[AdvanceClock, _Mapping]] = ..., wait_idle: _Optional[_Union[WaitIdle, _Mapping]] = ..., present: _Optional[_Union[Present, _Mapping]] = ..., dismiss: _Optional[_Union[Dismiss, _Mapping]] = ..., show: _Optional[_Union[Show, _Mapping]] = ..., show_detail: _Optional[_Union[ShowDetail, _Mapping]] = ..., load_storyboard: _Optional[_Union[LoadStoryboard, _Mapping]] = ..., perform_segue: _Optional[_Union[PerformSegue, _Mapping]] = ..., unwind: _Optional[_Union[Unwind, _Mapping]] = ..., unload_storyboard: _Optional[_Union[UnloadStoryboard, _Mapping]] = ..., instantiate_scene: _Optional[_Union[InstantiateScene, _Mapping]] = ..., configure_split: _Optional[_Union[ConfigureSplit, _Mapping]] = ..., set_split_columns: _Optional[_Union[SetSplitColumns, _Mapping]] = ..., set_pages: _Optional[_Union[SetPages, _Mapping]] = ..., turn_page: _Optional[_Union[TurnPage, _Mapping]] = ..., set_collection_layout: _Optional[_Union[SetCollectionLayout, _Mapping]] = ..., begin_appearance_transition: _Optional[_Union[BeginAppearanceTransition, _Mapping]] = ..., end_appearance_transition: _Optional[_Union[EndAppearanceTransition, _Mapping]] = ..., tap: _Optional[_Union[Tap, _Mapping]] = ..., lease: _Optional[_Union[Lease, _Mapping]] = ..., release: _Optional[_Union[Release, _Mapping]] = ..., set_delegate: _Optional[_Union[SetDelegate, _Mapping]] = ..., clear_delegate: _Optional[_Union[ClearDelegate, _Mapping]] = ..., delegate_reply: _Optional[_Union[DelegateReply, _Mapping]] = ..., transition_frame: _Optional[_Union[TransitionFrame, _Mapping]] = ..., complete_transition: _Optional[_Union[CompleteTransition, _Mapping]] = ...) -> None: ...

class Response(_message.Message):
    __slots__ = ("request_id", "trace_id", "error", "welcome", "empty", "status", "sessions", "session_document", "imported", "metrics", "nodes", "moved", "recording", "recording_check", "window", "windows", "controller", "controllers", "operation", "transition", "transitions", "tree", "subscribed", "clock", "storyboard", "segue", "lease", "delegate_reply", "trace")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    EMPTY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    SESSION_DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    METRICS_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    MOVED_FIELD_NUMBER: _ClassVar[int]
    RECORDING_FIELD_NUMBER: _ClassVar[int]
    RECORDING_CHECK_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    TRANSITIONS_FIELD_NUMBER: _ClassVar[int]
    TREE_FIELD_NUMBER: _ClassVar[int]
    SUBSCRIBED_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    STORYBOARD_FIELD_NUMBER: _ClassVar[int]
    SEGUE_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_REPLY_FIELD_NUMBER: _ClassVar[int]
    TRACE_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    trace_id: str
    error: _events_pb2.Error
    welcome: Welcome
    empty: Empty
    status: Status
    sessions: SessionList
    session_document: SessionDocument
    imported: SessionList.Entry
    metrics: _metrics_pb2.Metrics
    nodes: NodeList
    moved: SessionMove
    recording: RecordingDocument
    recording_check: RecordingCheck
    window: _common_pb2.WindowInfo
    windows: WindowList
    controller: ControllerInfo
    controllers: ControllerList
    operation: OperationResult
    transition: TransitionResult
    transitions: TransitionList
    tree: _common_pb2.Tree
    subscribed: SubscribeResult
    clock: ClockResult
    storyboard: StoryboardInfo
    segue: SegueResult
    lease: LeaseResult
    delegate_reply: DelegateReplyResult
    trace: Trace
    def __init__(self, request_id: _Optional[int] = ..., trace_id: _Optional[str] = ..., error: _Optional[_Union[_events_pb2.Error, _Mapping]] = ..., welcome: _Optional[_Union[Welcome, _Mapping]] = ..., empty: _Optional[_Union[Empty, _Mapping]] = ..., status: _Optional[_Union[Status, _Mapping]] = ..., sessions: _Optional[_Union[SessionList, _Mapping]] = ..., session_document: _Optional[_Union[SessionDocument, _Mapping]] = ..., imported: _Optional[_Union[SessionList.Entry, _Mapping]] = ..., metrics: _Optional[_Union[_metrics_pb2.Metrics, _Mapping]] = ..., nodes: _Optional[_Union[NodeList, _Mapping]] = ..., moved: _Optional[_Union[SessionMove, _Mapping]] = ..., recording: _Optional[_Union[RecordingDocument, _Mapping]] = ..., recording_check: _Optional[_Union[RecordingCheck, _Mapping]] = ..., window: _Optional[_Union[_common_pb2.WindowInfo, _Mapping]] = ..., windows: _Optional[_Union[WindowList, _Mapping]] = ..., controller: _Optional[_Union[ControllerInfo, _Mapping]] = ..., controllers: _Optional[_Union[ControllerList, _Mapping]] = ..., operation: _Optional[_Union[OperationResult, _Mapping]] = ..., transition: _Optional[_Union[TransitionResult, _Mapping]] = ..., transitions: _Optional[_Union[TransitionList, _Mapping]] = ..., tree: _Optional[_Union[_common_pb2.Tree, _Mapping]] = ..., subscribed: _Optional[_Union[SubscribeResult, _Mapping]] = ..., clock: _Optional[_Union[ClockResult, _Mapping]] = ..., storyboard: _Optional[_Union[StoryboardInfo, _Mapping]] = ..., segue: _Optional[_Union[SegueResult, _Mapping]] = ..., lease: _Optional[_Union[LeaseResult, _Mapping]] = ..., delegate_reply: _Optional[_Union[DelegateReplyResult, _Mapping]] = ..., trace: _Optional[_Union[Trace, _Mapping]] = ...) -> None: ...

class Empty(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Hello(_message.Message):
    __slots__ = ("protocol_version", "client_name", "token", "capabilities")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    CLIENT_NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    client_name: str
    token: str
    capabilities: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, protocol_version: _Optional[int] = ..., client_name: _Optional[str] = ..., token: _Optional[str] = ..., capabilities: _Optional[_Iterable[str]] = ...) -> None: ...

class Limits(_message.Message):
    __slots__ = ("max_frame_bytes", "max_write_queue_bytes", "operation_queue_limit", "event_ring", "interaction_timeout", "event_ring_bytes")
    MAX_FRAME_BYTES_FIELD_NUMBER: _ClassVar[int]
    MAX_WRITE_QUEUE_BYTES_FIELD_NUMBER: _ClassVar[int]
    OPERATION_QUEUE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    EVENT_RING_FIELD_NUMBER: _ClassVar[int]
    INTERACTION_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    EVENT_RING_BYTES_FIELD_NUMBER: _ClassVar[int]
    max_frame_bytes: int
    max_write_queue_bytes: int
    operation_queue_limit: int
    event_ring: int
    interaction_timeout: float
    event_ring_bytes: int
    def __init__(self, max_frame_bytes: _Optional[int] = ..., max_write_queue_bytes: _Optional[int] = ..., operation_queue_limit: _Optional[int] = ..., event_ring: _Optional[int] = ..., interaction_timeout: _Optional[float] = ..., event_ring_bytes: _Optional[int] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("server_version", "protocol_version", "client_id", "capabilities", "limits")
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    server_version: str
    protocol_version: int
    client_id: int
    capabilities: _containers.RepeatedScalarFieldContainer[str]
    limits: Limits
    def __init__(self, server_version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., client_id: _Optional[int] = ..., capabilities: _Optional[_Iterable[str]] = ..., limits: _Optional[_Union[Limits, _Mapping]] = ...) -> None: ...

class Sync(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetStatus(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Status(_message.Message):
    __slots__ = ("server_version", "protocol_version", "pid", "uptime", "clients", "sessions", "windows", "listeners", "storage", "leases", "limits", "hello_failures", "warnings", "scope", "config_file", "window_speeds")
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    PID_FIELD_NUMBER: _ClassVar[int]
    UPTIME_FIELD_NUMBER: _ClassVar[int]
    CLIENTS_FIELD_NUMBER: _ClassVar[int]
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    LISTENERS_FIELD_NUMBER: _ClassVar[int]
    STORAGE_FIELD_NUMBER: _ClassVar[int]
    LEASES_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    HELLO_FAILURES_FIELD_NUMBER: _ClassVar[int]
    WARNINGS_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FILE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_SPEEDS_FIELD_NUMBER: _ClassVar[int]
    server_version: str
    protocol_version: int
    pid: int
    uptime: float
    clients: int
    sessions: int
    windows: int
    listeners: _containers.RepeatedScalarFieldContainer[str]
    storage: StorageStatus
    leases: int
    limits: _containers.RepeatedCompositeFieldContainer[LimitUsage]
    hello_failures: HelloFailures
    warnings: _containers.RepeatedScalarFieldContainer[str]
    scope: str
    config_file: str
    window_speeds: _containers.RepeatedCompositeFieldContainer[WindowSpeed]
    def __init__(self, server_version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., pid: _Optional[int] = ..., uptime: _Optional[float] = ..., clients: _Optional[int] = ..., sessions: _Optional[int] = ..., windows: _Optional[int] = ..., listeners: _Optional[_Iterable[str]] = ..., storage: _Optional[_Union[StorageStatus, _Mapping]] = ..., leases: _Optional[int] = ..., limits: _Optional[_Iterable[_Union[LimitUsage, _Mapping]]] = ..., hello_failures: _Optional[_Union[HelloFailures, _Mapping]] = ..., warnings: _Optional[_Iterable[str]] = ..., scope: _Optional[str] = ..., config_file: _Optional[str] = ..., window_speeds: _Optional[_Iterable[_Union[WindowSpeed, _Mapping]]] = ...) -> None: ...

class WindowSpeed(_message.Message):
    __slots__ = ("session", "window_id", "speed")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPEED_FIELD_NUMBER: _ClassVar[int]
    session: str
    window_id: int
    speed: float
    def __init__(self, session: _Optional[str] = ..., window_id: _Optional[int] = ..., speed: _Optional[float] = ...) -> None: ...

class LimitUsage(_message.Message):
    __slots__ = ("name", "scope", "value", "used", "description")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    name: str
    scope: str
    value: float
    used: float
    description: str
    def __init__(self, name: _Optional[str] = ..., scope: _Optional[str] = ..., value: _Optional[float] = ..., used: _Optional[float] = ..., description: _Optional[str] = ...) -> None: ...

class HelloFailures(_message.Message):
    __slots__ = ("failed", "refused", "sources")
    FAILED_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    failed: int
    refused: int
    sources: _containers.RepeatedCompositeFieldContainer[HelloFailureSource]
    def __init__(self, failed: _Optional[int] = ..., refused: _Optional[int] = ..., sources: _Optional[_Iterable[_Union[HelloFailureSource, _Mapping]]] = ...) -> None: ...

class HelloFailureSource(_message.Message):
    __slots__ = ("address", "failures", "blocked_for")
    ADDRESS_FIELD_NUMBER: _ClassVar[int]
    FAILURES_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FOR_FIELD_NUMBER: _ClassVar[int]
    address: str
    failures: int
    blocked_for: float
    def __init__(self, address: _Optional[str] = ..., failures: _Optional[int] = ..., blocked_for: _Optional[float] = ...) -> None: ...

class StorageStatus(_message.Message):
    __slots__ = ("durable", "state_directory", "database", "database_bytes", "journal_records", "sync", "available", "error", "schema_version", "last_snapshot_time", "snapshot_records", "snapshot_interval", "snapshot_journal_ratio", "snapshot_bytes", "restore_damage")
    DURABLE_FIELD_NUMBER: _ClassVar[int]
    STATE_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
    DATABASE_FIELD_NUMBER: _ClassVar[int]
    DATABASE_BYTES_FIELD_NUMBER: _ClassVar[int]
    JOURNAL_RECORDS_FIELD_NUMBER: _ClassVar[int]
    SYNC_FIELD_NUMBER: _ClassVar[int]
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_VERSION_FIELD_NUMBER: _ClassVar[int]
    LAST_SNAPSHOT_TIME_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_RECORDS_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_JOURNAL_RATIO_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_BYTES_FIELD_NUMBER: _ClassVar[int]
    RESTORE_DAMAGE_FIELD_NUMBER: _ClassVar[int]
    durable: bool
    state_directory: str
    database: str
    database_bytes: int
    journal_records: int
    sync: str
    available: bool
    error: str
    schema_version: int
    last_snapshot_time: float
    snapshot_records: int
    snapshot_interval: float
    snapshot_journal_ratio: float
    snapshot_bytes: int
    restore_damage: RestoreDamage
    def __init__(self, durable: _Optional[bool] = ..., state_directory: _Optional[str] = ..., database: _Optional[str] = ..., database_bytes: _Optional[int] = ..., journal_records: _Optional[int] = ..., sync: _Optional[str] = ..., available: _Optional[bool] = ..., error: _Optional[str] = ..., schema_version: _Optional[int] = ..., last_snapshot_time: _Optional[float] = ..., snapshot_records: _Optional[int] = ..., snapshot_interval: _Optional[float] = ..., snapshot_journal_ratio: _Optional[float] = ..., snapshot_bytes: _Optional[int] = ..., restore_damage: _Optional[_Union[RestoreDamage, _Mapping]] = ...) -> None: ...

class RestoreDamage(_message.Message):
    __slots__ = ("problem", "missing_records", "dropped_records", "moved_to")
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    MISSING_RECORDS_FIELD_NUMBER: _ClassVar[int]
    DROPPED_RECORDS_FIELD_NUMBER: _ClassVar[int]
    MOVED_TO_FIELD_NUMBER: _ClassVar[int]
    problem: str
    missing_records: int
    dropped_records: int
    moved_to: str
    def __init__(self, problem: _Optional[str] = ..., missing_records: _Optional[int] = ..., dropped_records: _Optional[int] = ..., moved_to: _Optional[str] = ...) -> None: ...

class Shutdown(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListSessions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SessionList(_message.Message):
    __slots__ = ("sessions",)
    class Entry(_message.Message):
        __slots__ = ("name", "windows", "controllers")
        NAME_FIELD_NUMBER: _ClassVar[int]
        WINDOWS_FIELD_NUMBER: _ClassVar[int]
        CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
        name: str
        windows: int
        controllers: int
        def __init__(self, name: _Optional[str] = ..., windows: _Optional[int] = ..., controllers: _Optional[int] = ...) -> None: ...
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    sessions: _containers.RepeatedCompositeFieldContainer[SessionList.Entry]
    def __init__(self, sessions: _Optional[_Iterable[_Union[SessionList.Entry, _Mapping]]] = ...) -> None: ...

class ListNodes(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class NodeList(_message.Message):
    __slots__ = ("nodes", "answered_by")
    class Entry(_message.Message):
        __slots__ = ("name", "address", "capacity", "version", "alive", "lease_remaining", "sessions", "clients")
        NAME_FIELD_NUMBER: _ClassVar[int]
        ADDRESS_FIELD_NUMBER: _ClassVar[int]
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        VERSION_FIELD_NUMBER: _ClassVar[int]
        ALIVE_FIELD_NUMBER: _ClassVar[int]
        LEASE_REMAINING_FIELD_NUMBER: _ClassVar[int]
        SESSIONS_FIELD_NUMBER: _ClassVar[int]
        CLIENTS_FIELD_NUMBER: _ClassVar[int]
        name: str
        address: str
        capacity: int
        version: str
        alive: bool
        lease_remaining: float
        sessions: _containers.RepeatedScalarFieldContainer[str]
        clients: int
        def __init__(self, name: _Optional[str] = ..., address: _Optional[str] = ..., capacity: _Optional[int] = ..., version: _Optional[str] = ..., alive: _Optional[bool] = ..., lease_remaining: _Optional[float] = ..., sessions: _Optional[_Iterable[str]] = ..., clients: _Optional[int] = ...) -> None: ...
    NODES_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_BY_FIELD_NUMBER: _ClassVar[int]
    nodes: _containers.RepeatedCompositeFieldContainer[NodeList.Entry]
    answered_by: str
    def __init__(self, nodes: _Optional[_Iterable[_Union[NodeList.Entry, _Mapping]]] = ..., answered_by: _Optional[str] = ...) -> None: ...

class MoveSession(_message.Message):
    __slots__ = ("name", "to_node")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TO_NODE_FIELD_NUMBER: _ClassVar[int]
    name: str
    to_node: str
    def __init__(self, name: _Optional[str] = ..., to_node: _Optional[str] = ...) -> None: ...

class SessionMove(_message.Message):
    __slots__ = ("session", "node", "address", "epoch")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    NODE_FIELD_NUMBER: _ClassVar[int]
    ADDRESS_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    session: str
    node: str
    address: str
    epoch: int
    def __init__(self, session: _Optional[str] = ..., node: _Optional[str] = ..., address: _Optional[str] = ..., epoch: _Optional[int] = ...) -> None: ...

class KillSession(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ExportSession(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SessionDocument(_message.Message):
    __slots__ = ("name", "document")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    document: bytes
    def __init__(self, name: _Optional[str] = ..., document: _Optional[bytes] = ...) -> None: ...

class ImportSession(_message.Message):
    __slots__ = ("document", "name")
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    document: bytes
    name: str
    def __init__(self, document: _Optional[bytes] = ..., name: _Optional[str] = ...) -> None: ...

class Record(_message.Message):
    __slots__ = ("window_id", "from_seq", "from_input", "mark_only")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_SEQ_FIELD_NUMBER: _ClassVar[int]
    FROM_INPUT_FIELD_NUMBER: _ClassVar[int]
    MARK_ONLY_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    from_seq: int
    from_input: int
    mark_only: bool
    def __init__(self, window_id: _Optional[int] = ..., from_seq: _Optional[int] = ..., from_input: _Optional[int] = ..., mark_only: _Optional[bool] = ...) -> None: ...

class RecordingDocument(_message.Message):
    __slots__ = ("document", "end_input", "inputs", "events")
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    END_INPUT_FIELD_NUMBER: _ClassVar[int]
    INPUTS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    document: bytes
    end_input: int
    inputs: int
    events: int
    def __init__(self, document: _Optional[bytes] = ..., end_input: _Optional[int] = ..., inputs: _Optional[int] = ..., events: _Optional[int] = ...) -> None: ...

class CheckRecording(_message.Message):
    __slots__ = ("document", "update")
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    document: bytes
    update: bool
    def __init__(self, document: _Optional[bytes] = ..., update: _Optional[bool] = ...) -> None: ...

class RecordingCheck(_message.Message):
    __slots__ = ("identical", "difference", "updated", "inputs", "events", "frames", "generator", "recorded_by", "trees", "session", "window_id")
    IDENTICAL_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    UPDATED_FIELD_NUMBER: _ClassVar[int]
    INPUTS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    GENERATOR_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    TREES_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    identical: bool
    difference: RecordingDifference
    updated: bytes
    inputs: int
    events: int
    frames: int
    generator: str
    recorded_by: str
    trees: int
    session: str
    window_id: int
    def __init__(self, identical: _Optional[bool] = ..., difference: _Optional[_Union[RecordingDifference, _Mapping]] = ..., updated: _Optional[bytes] = ..., inputs: _Optional[int] = ..., events: _Optional[int] = ..., frames: _Optional[int] = ..., generator: _Optional[str] = ..., recorded_by: _Optional[str] = ..., trees: _Optional[int] = ..., session: _Optional[str] = ..., window_id: _Optional[int] = ...) -> None: ...

class RecordingDifference(_message.Message):
    __slots__ = ("kind", "index", "input", "input_text", "expected", "got", "explanation")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[RecordingDifference.Kind]
        KIND_EVENT: _ClassVar[RecordingDifference.Kind]
        KIND_FRAME: _ClassVar[RecordingDifference.Kind]
        KIND_TREE: _ClassVar[RecordingDifference.Kind]
        KIND_INPUT: _ClassVar[RecordingDifference.Kind]
    KIND_UNSPECIFIED: RecordingDifference.Kind
    KIND_EVENT: RecordingDifference.Kind
    KIND_FRAME: RecordingDifference.Kind
    KIND_TREE: RecordingDifference.Kind
    KIND_INPUT: RecordingDifference.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    INPUT_TEXT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    GOT_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    kind: RecordingDifference.Kind
    index: int
    input: int
    input_text: str
    expected: str
    got: str
    explanation: str
    def __init__(self, kind: _Optional[_Union[RecordingDifference.Kind, str]] = ..., index: _Optional[int] = ..., input: _Optional[int] = ..., input_text: _Optional[str] = ..., expected: _Optional[str] = ..., got: _Optional[str] = ..., explanation: _Optional[str] = ...) -> None: ...

class CreateWindow(_message.Message):
    __slots__ = ("metrics", "clock", "frame_rate", "root")
    METRICS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    FRAME_RATE_FIELD_NUMBER: _ClassVar[int]
    ROOT_FIELD_NUMBER: _ClassVar[int]
    metrics: _common_pb2.WindowMetrics
    clock: _common_pb2.ClockMode
    frame_rate: int
    root: ControllerSpec
    def __init__(self, metrics: _Optional[_Union[_common_pb2.WindowMetrics, _Mapping]] = ..., clock: _Optional[_Union[_common_pb2.ClockMode, str]] = ..., frame_rate: _Optional[int] = ..., root: _Optional[_Union[ControllerSpec, _Mapping]] = ...) -> None: ...

class ControllerSpec(_message.Message):
    __slots__ = ("kind", "identifier", "title", "children", "collection")
    KIND_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    CHILDREN_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    kind: _common_pb2.ControllerKind
    identifier: str
    title: str
    children: _containers.RepeatedCompositeFieldContainer[ControllerSpec]
    collection: _common_pb2.CollectionOptions
    def __init__(self, kind: _Optional[_Union[_common_pb2.ControllerKind, str]] = ..., identifier: _Optional[str] = ..., title: _Optional[str] = ..., children: _Optional[_Iterable[_Union[ControllerSpec, _Mapping]]] = ..., collection: _Optional[_Union[_common_pb2.CollectionOptions, _Mapping]] = ...) -> None: ...

class ListWindows(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WindowList(_message.Message):
    __slots__ = ("windows",)
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    windows: _containers.RepeatedCompositeFieldContainer[_common_pb2.WindowInfo]
    def __init__(self, windows: _Optional[_Iterable[_Union[_common_pb2.WindowInfo, _Mapping]]] = ...) -> None: ...

class CloseWindow(_message.Message):
    __slots__ = ("window_id", "keep_controllers")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    KEEP_CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    keep_controllers: bool
    def __init__(self, window_id: _Optional[int] = ..., keep_controllers: _Optional[bool] = ...) -> None: ...

class ResizeWindow(_message.Message):
    __slots__ = ("window_id", "metrics", "not_animated", "duration", "timing")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    METRICS_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    TIMING_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    metrics: _common_pb2.WindowMetrics
    not_animated: bool
    duration: float
    timing: _common_pb2.TimingFunction
    def __init__(self, window_id: _Optional[int] = ..., metrics: _Optional[_Union[_common_pb2.WindowMetrics, _Mapping]] = ..., not_animated: _Optional[bool] = ..., duration: _Optional[float] = ..., timing: _Optional[_Union[_common_pb2.TimingFunction, _Mapping]] = ...) -> None: ...

class SetWindowVisible(_message.Message):
    __slots__ = ("window_id", "visible")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    visible: bool
    def __init__(self, window_id: _Optional[int] = ..., visible: _Optional[bool] = ...) -> None: ...

class SetWindowSpeed(_message.Message):
    __slots__ = ("window_id", "speed")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPEED_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    speed: float
    def __init__(self, window_id: _Optional[int] = ..., speed: _Optional[float] = ...) -> None: ...

class ControllerRef(_message.Message):
    __slots__ = ("id", "identifier")
    ID_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    id: int
    identifier: str
    def __init__(self, id: _Optional[int] = ..., identifier: _Optional[str] = ...) -> None: ...

class CreateController(_message.Message):
    __slots__ = ("kind", "identifier", "title", "split", "page", "collection")
    KIND_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SPLIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    kind: _common_pb2.ControllerKind
    identifier: str
    title: str
    split: _common_pb2.SplitPreferences
    page: _common_pb2.PageOptions
    collection: _common_pb2.CollectionOptions
    def __init__(self, kind: _Optional[_Union[_common_pb2.ControllerKind, str]] = ..., identifier: _Optional[str] = ..., title: _Optional[str] = ..., split: _Optional[_Union[_common_pb2.SplitPreferences, _Mapping]] = ..., page: _Optional[_Union[_common_pb2.PageOptions, _Mapping]] = ..., collection: _Optional[_Union[_common_pb2.CollectionOptions, _Mapping]] = ...) -> None: ...

class ConfigureController(_message.Message):
    __slots__ = ("controller", "title", "identifier", "modal_presentation_style", "modal_transition_style", "defines_presentation_context", "provides_presentation_context_transition_style", "preferred_content_size", "modal_in_presentation", "edges_for_extended_layout", "bar_translucent", "should_automatically_forward_appearance_methods", "should_perform_segue")
    class ShouldPerformSegueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: ShouldPerformAnswer
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[ShouldPerformAnswer, str]] = ...) -> None: ...
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    MODAL_PRESENTATION_STYLE_FIELD_NUMBER: _ClassVar[int]
    MODAL_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    DEFINES_PRESENTATION_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PROVIDES_PRESENTATION_CONTEXT_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_CONTENT_SIZE_FIELD_NUMBER: _ClassVar[int]
    MODAL_IN_PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    EDGES_FOR_EXTENDED_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    BAR_TRANSLUCENT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_AUTOMATICALLY_FORWARD_APPEARANCE_METHODS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_PERFORM_SEGUE_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    title: str
    identifier: str
    modal_presentation_style: _common_pb2.ModalPresentationStyle
    modal_transition_style: _common_pb2.ModalTransitionStyle
    defines_presentation_context: bool
    provides_presentation_context_transition_style: bool
    preferred_content_size: _common_pb2.Size
    modal_in_presentation: bool
    edges_for_extended_layout: int
    bar_translucent: bool
    should_automatically_forward_appearance_methods: bool
    should_perform_segue: _containers.ScalarMap[str, ShouldPerformAnswer]
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., title: _Optional[str] = ..., identifier: _Optional[str] = ..., modal_presentation_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., modal_transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., defines_presentation_context: _Optional[bool] = ..., provides_presentation_context_transition_style: _Optional[bool] = ..., preferred_content_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., modal_in_presentation: _Optional[bool] = ..., edges_for_extended_layout: _Optional[int] = ..., bar_translucent: _Optional[bool] = ..., should_automatically_forward_appearance_methods: _Optional[bool] = ..., should_perform_segue: _Optional[_Mapping[str, ShouldPerformAnswer]] = ...) -> None: ...

class ListControllers(_message.Message):
    __slots__ = ("window_id", "detached", "past")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    DETACHED_FIELD_NUMBER: _ClassVar[int]
    PAST_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    detached: bool
    past: PastPoint
    def __init__(self, window_id: _Optional[int] = ..., detached: _Optional[bool] = ..., past: _Optional[_Union[PastPoint, _Mapping]] = ...) -> None: ...

class DeleteController(_message.Message):
    __slots__ = ("controller",)
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ...) -> None: ...

class ControllerInfo(_message.Message):
    __slots__ = ("id", "kind", "identifier", "title", "window_id", "parent_id", "appearance", "modal_presentation_style", "modal_transition_style", "defines_presentation_context", "provides_presentation_context_transition_style", "preferred_content_size", "presenting_id", "presented_id", "modal_in_presentation", "edges_for_extended_layout", "bar_translucent", "should_automatically_forward_appearance_methods", "should_perform_segue")
    class ShouldPerformSegueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: bool
        def __init__(self, key: _Optional[str] = ..., value: _Optional[bool] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    APPEARANCE_FIELD_NUMBER: _ClassVar[int]
    MODAL_PRESENTATION_STYLE_FIELD_NUMBER: _ClassVar[int]
    MODAL_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    DEFINES_PRESENTATION_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PROVIDES_PRESENTATION_CONTEXT_TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_CONTENT_SIZE_FIELD_NUMBER: _ClassVar[int]
    PRESENTING_ID_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_ID_FIELD_NUMBER: _ClassVar[int]
    MODAL_IN_PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    EDGES_FOR_EXTENDED_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    BAR_TRANSLUCENT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_AUTOMATICALLY_FORWARD_APPEARANCE_METHODS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_PERFORM_SEGUE_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: _common_pb2.ControllerKind
    identifier: str
    title: str
    window_id: int
    parent_id: int
    appearance: _common_pb2.AppearanceState
    modal_presentation_style: _common_pb2.ModalPresentationStyle
    modal_transition_style: _common_pb2.ModalTransitionStyle
    defines_presentation_context: bool
    provides_presentation_context_transition_style: bool
    preferred_content_size: _common_pb2.Size
    presenting_id: int
    presented_id: int
    modal_in_presentation: bool
    edges_for_extended_layout: int
    bar_translucent: bool
    should_automatically_forward_appearance_methods: bool
    should_perform_segue: _containers.ScalarMap[str, bool]
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[_common_pb2.ControllerKind, str]] = ..., identifier: _Optional[str] = ..., title: _Optional[str] = ..., window_id: _Optional[int] = ..., parent_id: _Optional[int] = ..., appearance: _Optional[_Union[_common_pb2.AppearanceState, str]] = ..., modal_presentation_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., modal_transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., defines_presentation_context: _Optional[bool] = ..., provides_presentation_context_transition_style: _Optional[bool] = ..., preferred_content_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., presenting_id: _Optional[int] = ..., presented_id: _Optional[int] = ..., modal_in_presentation: _Optional[bool] = ..., edges_for_extended_layout: _Optional[int] = ..., bar_translucent: _Optional[bool] = ..., should_automatically_forward_appearance_methods: _Optional[bool] = ..., should_perform_segue: _Optional[_Mapping[str, bool]] = ...) -> None: ...

class ControllerList(_message.Message):
    __slots__ = ("controllers",)
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    controllers: _containers.RepeatedCompositeFieldContainer[ControllerInfo]
    def __init__(self, controllers: _Optional[_Iterable[_Union[ControllerInfo, _Mapping]]] = ...) -> None: ...

class SetRoot(_message.Message):
    __slots__ = ("window_id", "controller")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    controller: ControllerRef
    def __init__(self, window_id: _Optional[int] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ...) -> None: ...

class AddChild(_message.Message):
    __slots__ = ("parent", "child", "frame", "no_view")
    PARENT_FIELD_NUMBER: _ClassVar[int]
    CHILD_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    NO_VIEW_FIELD_NUMBER: _ClassVar[int]
    parent: ControllerRef
    child: ControllerRef
    frame: _common_pb2.Rect
    no_view: bool
    def __init__(self, parent: _Optional[_Union[ControllerRef, _Mapping]] = ..., child: _Optional[_Union[ControllerRef, _Mapping]] = ..., frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., no_view: _Optional[bool] = ...) -> None: ...

class RemoveFromParent(_message.Message):
    __slots__ = ("controller",)
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ...) -> None: ...

class TransitionChildren(_message.Message):
    __slots__ = ("container", "to", "duration", "option", "animator")
    class Option(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        OPTION_NONE: _ClassVar[TransitionChildren.Option]
        OPTION_CROSS_DISSOLVE: _ClassVar[TransitionChildren.Option]
    OPTION_NONE: TransitionChildren.Option
    OPTION_CROSS_DISSOLVE: TransitionChildren.Option
    CONTAINER_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    container: ControllerRef
    to: ControllerRef
    duration: float
    option: TransitionChildren.Option
    animator: _common_pb2.AnimatorSpec
    def __init__(self, container: _Optional[_Union[ControllerRef, _Mapping]] = ..., to: _Optional[_Union[ControllerRef, _Mapping]] = ..., duration: _Optional[float] = ..., option: _Optional[_Union[TransitionChildren.Option, str]] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ..., **kwargs) -> None: ...

class Push(_message.Message):
    __slots__ = ("navigation", "controller", "not_animated", "animator")
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    navigation: ControllerRef
    controller: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, navigation: _Optional[_Union[ControllerRef, _Mapping]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class Pop(_message.Message):
    __slots__ = ("navigation", "not_animated", "animator")
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    navigation: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, navigation: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class PopTo(_message.Message):
    __slots__ = ("navigation", "controller", "not_animated", "animator")
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    navigation: ControllerRef
    controller: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, navigation: _Optional[_Union[ControllerRef, _Mapping]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class PopToRoot(_message.Message):
    __slots__ = ("navigation", "not_animated", "animator")
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    navigation: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, navigation: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class SetStack(_message.Message):
    __slots__ = ("navigation", "controllers", "not_animated", "animator")
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    navigation: ControllerRef
    controllers: _containers.RepeatedCompositeFieldContainer[ControllerRef]
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, navigation: _Optional[_Union[ControllerRef, _Mapping]] = ..., controllers: _Optional[_Iterable[_Union[ControllerRef, _Mapping]]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class SelectTab(_message.Message):
    __slots__ = ("tab_bar", "index", "controller", "more", "animator")
    TAB_BAR_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    MORE_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    tab_bar: ControllerRef
    index: int
    controller: ControllerRef
    more: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, tab_bar: _Optional[_Union[ControllerRef, _Mapping]] = ..., index: _Optional[int] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., more: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class SetTabs(_message.Message):
    __slots__ = ("tab_bar", "controllers")
    TAB_BAR_FIELD_NUMBER: _ClassVar[int]
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    tab_bar: ControllerRef
    controllers: _containers.RepeatedCompositeFieldContainer[ControllerRef]
    def __init__(self, tab_bar: _Optional[_Union[ControllerRef, _Mapping]] = ..., controllers: _Optional[_Iterable[_Union[ControllerRef, _Mapping]]] = ...) -> None: ...

class Present(_message.Message):
    __slots__ = ("presenter", "controller", "not_animated", "style", "transition_style", "adaptive_style", "preferred_content_size", "popover", "animator", "custom")
    PRESENTER_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    STYLE_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_STYLE_FIELD_NUMBER: _ClassVar[int]
    ADAPTIVE_STYLE_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_CONTENT_SIZE_FIELD_NUMBER: _ClassVar[int]
    POPOVER_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_FIELD_NUMBER: _ClassVar[int]
    presenter: ControllerRef
    controller: ControllerRef
    not_animated: bool
    style: _common_pb2.ModalPresentationStyle
    transition_style: _common_pb2.ModalTransitionStyle
    adaptive_style: _common_pb2.ModalPresentationStyle
    preferred_content_size: _common_pb2.Size
    popover: PopoverSource
    animator: _common_pb2.AnimatorSpec
    custom: _common_pb2.CustomPresentation
    def __init__(self, presenter: _Optional[_Union[ControllerRef, _Mapping]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., transition_style: _Optional[_Union[_common_pb2.ModalTransitionStyle, str]] = ..., adaptive_style: _Optional[_Union[_common_pb2.ModalPresentationStyle, str]] = ..., preferred_content_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., popover: _Optional[_Union[PopoverSource, _Mapping]] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ..., custom: _Optional[_Union[_common_pb2.CustomPresentation, _Mapping]] = ...) -> None: ...

class PopoverSource(_message.Message):
    __slots__ = ("source_view_id", "source_rect", "permitted_arrow_directions", "source_bar_item", "passthrough_view_ids")
    SOURCE_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_RECT_FIELD_NUMBER: _ClassVar[int]
    PERMITTED_ARROW_DIRECTIONS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_BAR_ITEM_FIELD_NUMBER: _ClassVar[int]
    PASSTHROUGH_VIEW_IDS_FIELD_NUMBER: _ClassVar[int]
    source_view_id: int
    source_rect: _common_pb2.Rect
    permitted_arrow_directions: int
    source_bar_item: _common_pb2.BarItem
    passthrough_view_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, source_view_id: _Optional[int] = ..., source_rect: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., permitted_arrow_directions: _Optional[int] = ..., source_bar_item: _Optional[_Union[_common_pb2.BarItem, _Mapping]] = ..., passthrough_view_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class Dismiss(_message.Message):
    __slots__ = ("controller", "not_animated", "animator")
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class ConfigureSplit(_message.Message):
    __slots__ = ("split", "preferences", "not_animated", "animator")
    SPLIT_FIELD_NUMBER: _ClassVar[int]
    PREFERENCES_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    split: ControllerRef
    preferences: _common_pb2.SplitPreferences
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, split: _Optional[_Union[ControllerRef, _Mapping]] = ..., preferences: _Optional[_Union[_common_pb2.SplitPreferences, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class SetSplitColumns(_message.Message):
    __slots__ = ("split", "primary", "secondary")
    SPLIT_FIELD_NUMBER: _ClassVar[int]
    PRIMARY_FIELD_NUMBER: _ClassVar[int]
    SECONDARY_FIELD_NUMBER: _ClassVar[int]
    split: ControllerRef
    primary: ControllerRef
    secondary: ControllerRef
    def __init__(self, split: _Optional[_Union[ControllerRef, _Mapping]] = ..., primary: _Optional[_Union[ControllerRef, _Mapping]] = ..., secondary: _Optional[_Union[ControllerRef, _Mapping]] = ...) -> None: ...

class SetPages(_message.Message):
    __slots__ = ("page", "controllers", "reverse", "not_animated", "animator", "data_source")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    CONTROLLERS_FIELD_NUMBER: _ClassVar[int]
    REVERSE_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    DATA_SOURCE_FIELD_NUMBER: _ClassVar[int]
    page: ControllerRef
    controllers: _containers.RepeatedCompositeFieldContainer[ControllerRef]
    reverse: bool
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    data_source: _containers.RepeatedCompositeFieldContainer[ControllerRef]
    def __init__(self, page: _Optional[_Union[ControllerRef, _Mapping]] = ..., controllers: _Optional[_Iterable[_Union[ControllerRef, _Mapping]]] = ..., reverse: _Optional[bool] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ..., data_source: _Optional[_Iterable[_Union[ControllerRef, _Mapping]]] = ...) -> None: ...

class TurnPage(_message.Message):
    __slots__ = ("page", "reverse", "not_animated", "animator")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    REVERSE_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    page: ControllerRef
    reverse: bool
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, page: _Optional[_Union[ControllerRef, _Mapping]] = ..., reverse: _Optional[bool] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class SetCollectionLayout(_message.Message):
    __slots__ = ("collection", "layout", "not_animated", "animator")
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    collection: ControllerRef
    layout: _common_pb2.CollectionLayout
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, collection: _Optional[_Union[ControllerRef, _Mapping]] = ..., layout: _Optional[_Union[_common_pb2.CollectionLayout, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class OperationResult(_message.Message):
    __slots__ = ("operation_id", "window_id", "queue_position", "revision", "transition_id", "completed", "cancelled", "removed_ids", "created_ids", "unchanged", "tap", "delegate_call_id", "animator_not_used")
    OPERATION_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    QUEUE_POSITION_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_IDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_IDS_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    TAP_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_NOT_USED_FIELD_NUMBER: _ClassVar[int]
    operation_id: int
    window_id: int
    queue_position: int
    revision: int
    transition_id: int
    completed: bool
    cancelled: bool
    removed_ids: _containers.RepeatedScalarFieldContainer[int]
    created_ids: _containers.RepeatedScalarFieldContainer[int]
    unchanged: bool
    tap: _common_pb2.TapHit
    delegate_call_id: int
    animator_not_used: bool
    def __init__(self, operation_id: _Optional[int] = ..., window_id: _Optional[int] = ..., queue_position: _Optional[int] = ..., revision: _Optional[int] = ..., transition_id: _Optional[int] = ..., completed: _Optional[bool] = ..., cancelled: _Optional[bool] = ..., removed_ids: _Optional[_Iterable[int]] = ..., created_ids: _Optional[_Iterable[int]] = ..., unchanged: _Optional[bool] = ..., tap: _Optional[_Union[_common_pb2.TapHit, _Mapping]] = ..., delegate_call_id: _Optional[int] = ..., animator_not_used: _Optional[bool] = ...) -> None: ...

class BeginInteractive(_message.Message):
    __slots__ = ("kind", "controller", "animator", "present", "reverse", "select_tab", "layout")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[BeginInteractive.Kind]
        KIND_POP: _ClassVar[BeginInteractive.Kind]
        KIND_PRESENT: _ClassVar[BeginInteractive.Kind]
        KIND_DISMISS: _ClassVar[BeginInteractive.Kind]
        KIND_PAGE_TURN: _ClassVar[BeginInteractive.Kind]
        KIND_SELECT_TAB: _ClassVar[BeginInteractive.Kind]
        KIND_LAYOUT: _ClassVar[BeginInteractive.Kind]
    KIND_UNSPECIFIED: BeginInteractive.Kind
    KIND_POP: BeginInteractive.Kind
    KIND_PRESENT: BeginInteractive.Kind
    KIND_DISMISS: BeginInteractive.Kind
    KIND_PAGE_TURN: BeginInteractive.Kind
    KIND_SELECT_TAB: BeginInteractive.Kind
    KIND_LAYOUT: BeginInteractive.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    REVERSE_FIELD_NUMBER: _ClassVar[int]
    SELECT_TAB_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    kind: BeginInteractive.Kind
    controller: ControllerRef
    animator: _common_pb2.AnimatorSpec
    present: Present
    reverse: bool
    select_tab: SelectTab
    layout: _common_pb2.CollectionLayout
    def __init__(self, kind: _Optional[_Union[BeginInteractive.Kind, str]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ..., present: _Optional[_Union[Present, _Mapping]] = ..., reverse: _Optional[bool] = ..., select_tab: _Optional[_Union[SelectTab, _Mapping]] = ..., layout: _Optional[_Union[_common_pb2.CollectionLayout, _Mapping]] = ...) -> None: ...

class UpdateInteractive(_message.Message):
    __slots__ = ("window_id", "transition_id", "percent")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    percent: float
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., percent: _Optional[float] = ...) -> None: ...

class ListTransitions(_message.Message):
    __slots__ = ("window_id",)
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    def __init__(self, window_id: _Optional[int] = ...) -> None: ...

class GetTrace(_message.Message):
    __slots__ = ("window_id", "since_seq", "clock", "since_frame_seq")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SINCE_SEQ_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    SINCE_FRAME_SEQ_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    since_seq: int
    clock: TraceClock
    since_frame_seq: int
    def __init__(self, window_id: _Optional[int] = ..., since_seq: _Optional[int] = ..., clock: _Optional[_Union[TraceClock, str]] = ..., since_frame_seq: _Optional[int] = ...) -> None: ...

class Trace(_message.Message):
    __slots__ = ("window_id", "json", "last_seq", "first_kept_seq", "more", "last_frame_seq")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    JSON_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    FIRST_KEPT_SEQ_FIELD_NUMBER: _ClassVar[int]
    MORE_FIELD_NUMBER: _ClassVar[int]
    LAST_FRAME_SEQ_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    json: str
    last_seq: int
    first_kept_seq: int
    more: bool
    last_frame_seq: int
    def __init__(self, window_id: _Optional[int] = ..., json: _Optional[str] = ..., last_seq: _Optional[int] = ..., first_kept_seq: _Optional[int] = ..., more: _Optional[bool] = ..., last_frame_seq: _Optional[int] = ...) -> None: ...

class TransitionInfo(_message.Message):
    __slots__ = ("transition_id", "window_id", "kind", "container_id", "from_id", "to_id", "percent", "interactive", "animated", "duration", "owner_client_id", "owner_name")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_ID_FIELD_NUMBER: _ClassVar[int]
    TO_ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    ANIMATED_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    OWNER_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_NAME_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    window_id: int
    kind: str
    container_id: int
    from_id: int
    to_id: int
    percent: float
    interactive: bool
    animated: bool
    duration: float
    owner_client_id: int
    owner_name: str
    def __init__(self, transition_id: _Optional[int] = ..., window_id: _Optional[int] = ..., kind: _Optional[str] = ..., container_id: _Optional[int] = ..., from_id: _Optional[int] = ..., to_id: _Optional[int] = ..., percent: _Optional[float] = ..., interactive: _Optional[bool] = ..., animated: _Optional[bool] = ..., duration: _Optional[float] = ..., owner_client_id: _Optional[int] = ..., owner_name: _Optional[str] = ...) -> None: ...

class TransitionList(_message.Message):
    __slots__ = ("transitions",)
    TRANSITIONS_FIELD_NUMBER: _ClassVar[int]
    transitions: _containers.RepeatedCompositeFieldContainer[TransitionInfo]
    def __init__(self, transitions: _Optional[_Iterable[_Union[TransitionInfo, _Mapping]]] = ...) -> None: ...

class PauseTransition(_message.Message):
    __slots__ = ("window_id", "transition_id")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ...) -> None: ...

class FinishInteractive(_message.Message):
    __slots__ = ("window_id", "transition_id", "completion_speed", "completion_curve")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_SPEED_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_CURVE_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    completion_speed: float
    completion_curve: _common_pb2.TimingFunction
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., completion_speed: _Optional[float] = ..., completion_curve: _Optional[_Union[_common_pb2.TimingFunction, _Mapping]] = ...) -> None: ...

class CancelInteractive(_message.Message):
    __slots__ = ("window_id", "transition_id", "completion_speed", "completion_curve")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_SPEED_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_CURVE_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    completion_speed: float
    completion_curve: _common_pb2.TimingFunction
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., completion_speed: _Optional[float] = ..., completion_curve: _Optional[_Union[_common_pb2.TimingFunction, _Mapping]] = ...) -> None: ...

class AnimateAlongside(_message.Message):
    __slots__ = ("window_id", "transition_id", "tracks")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    TRACKS_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    tracks: _containers.RepeatedCompositeFieldContainer[_common_pb2.Track]
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., tracks: _Optional[_Iterable[_Union[_common_pb2.Track, _Mapping]]] = ...) -> None: ...

class TransitionResult(_message.Message):
    __slots__ = ("transition_id", "percent", "interactive", "accepted")
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    transition_id: int
    percent: float
    interactive: bool
    accepted: bool
    def __init__(self, transition_id: _Optional[int] = ..., percent: _Optional[float] = ..., interactive: _Optional[bool] = ..., accepted: _Optional[bool] = ...) -> None: ...

class GetTree(_message.Message):
    __slots__ = ("window_id", "include_views", "presentation", "past")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_VIEWS_FIELD_NUMBER: _ClassVar[int]
    PRESENTATION_FIELD_NUMBER: _ClassVar[int]
    PAST_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    include_views: bool
    presentation: bool
    past: PastPoint
    def __init__(self, window_id: _Optional[int] = ..., include_views: _Optional[bool] = ..., presentation: _Optional[bool] = ..., past: _Optional[_Union[PastPoint, _Mapping]] = ...) -> None: ...

class PastPoint(_message.Message):
    __slots__ = ("window_id", "seq", "time")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    seq: int
    time: float
    def __init__(self, window_id: _Optional[int] = ..., seq: _Optional[int] = ..., time: _Optional[float] = ...) -> None: ...

class Subscribe(_message.Message):
    __slots__ = ("window_id", "categories", "events", "frames", "from_seq", "snapshot", "frame_policy", "frame_credits", "max_fps")
    class FramePolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        FRAME_POLICY_LATEST: _ClassVar[Subscribe.FramePolicy]
        FRAME_POLICY_PAUSE: _ClassVar[Subscribe.FramePolicy]
        FRAME_POLICY_DISCONNECT: _ClassVar[Subscribe.FramePolicy]
    FRAME_POLICY_LATEST: Subscribe.FramePolicy
    FRAME_POLICY_PAUSE: Subscribe.FramePolicy
    FRAME_POLICY_DISCONNECT: Subscribe.FramePolicy
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    FROM_SEQ_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    FRAME_POLICY_FIELD_NUMBER: _ClassVar[int]
    FRAME_CREDITS_FIELD_NUMBER: _ClassVar[int]
    MAX_FPS_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    categories: _containers.RepeatedScalarFieldContainer[_events_pb2.EventCategory]
    events: bool
    frames: bool
    from_seq: int
    snapshot: bool
    frame_policy: Subscribe.FramePolicy
    frame_credits: int
    max_fps: float
    def __init__(self, window_id: _Optional[int] = ..., categories: _Optional[_Iterable[_Union[_events_pb2.EventCategory, str]]] = ..., events: _Optional[bool] = ..., frames: _Optional[bool] = ..., from_seq: _Optional[int] = ..., snapshot: _Optional[bool] = ..., frame_policy: _Optional[_Union[Subscribe.FramePolicy, str]] = ..., frame_credits: _Optional[int] = ..., max_fps: _Optional[float] = ...) -> None: ...

class SubscribeResult(_message.Message):
    __slots__ = ("subscription_id", "snapshot_required", "snapshots", "last_seq")
    SUBSCRIPTION_ID_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOTS_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    subscription_id: int
    snapshot_required: bool
    snapshots: _containers.RepeatedCompositeFieldContainer[_common_pb2.Tree]
    last_seq: int
    def __init__(self, subscription_id: _Optional[int] = ..., snapshot_required: _Optional[bool] = ..., snapshots: _Optional[_Iterable[_Union[_common_pb2.Tree, _Mapping]]] = ..., last_seq: _Optional[int] = ...) -> None: ...

class Unsubscribe(_message.Message):
    __slots__ = ("subscription_id",)
    SUBSCRIPTION_ID_FIELD_NUMBER: _ClassVar[int]
    subscription_id: int
    def __init__(self, subscription_id: _Optional[int] = ...) -> None: ...

class FrameAck(_message.Message):
    __slots__ = ("subscription_id", "frame_seq")
    SUBSCRIPTION_ID_FIELD_NUMBER: _ClassVar[int]
    FRAME_SEQ_FIELD_NUMBER: _ClassVar[int]
    subscription_id: int
    frame_seq: int
    def __init__(self, subscription_id: _Optional[int] = ..., frame_seq: _Optional[int] = ...) -> None: ...

class AdvanceClock(_message.Message):
    __slots__ = ("window_id", "seconds", "to_time")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    TO_TIME_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    seconds: float
    to_time: float
    def __init__(self, window_id: _Optional[int] = ..., seconds: _Optional[float] = ..., to_time: _Optional[float] = ...) -> None: ...

class ClockResult(_message.Message):
    __slots__ = ("time", "revision", "frames")
    TIME_FIELD_NUMBER: _ClassVar[int]
    REVISION_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    time: float
    revision: int
    frames: int
    def __init__(self, time: _Optional[float] = ..., revision: _Optional[int] = ..., frames: _Optional[int] = ...) -> None: ...

class WaitIdle(_message.Message):
    __slots__ = ("window_id",)
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    def __init__(self, window_id: _Optional[int] = ...) -> None: ...

class Show(_message.Message):
    __slots__ = ("sender", "controller", "not_animated", "animator")
    SENDER_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    sender: ControllerRef
    controller: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, sender: _Optional[_Union[ControllerRef, _Mapping]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class ShowDetail(_message.Message):
    __slots__ = ("sender", "controller", "not_animated", "animator")
    SENDER_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    ANIMATOR_FIELD_NUMBER: _ClassVar[int]
    sender: ControllerRef
    controller: ControllerRef
    not_animated: bool
    animator: _common_pb2.AnimatorSpec
    def __init__(self, sender: _Optional[_Union[ControllerRef, _Mapping]] = ..., controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., not_animated: _Optional[bool] = ..., animator: _Optional[_Union[_common_pb2.AnimatorSpec, _Mapping]] = ...) -> None: ...

class LoadStoryboard(_message.Message):
    __slots__ = ("document", "window_id", "scene")
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    document: bytes
    window_id: int
    scene: str
    def __init__(self, document: _Optional[bytes] = ..., window_id: _Optional[int] = ..., scene: _Optional[str] = ...) -> None: ...

class StoryboardInfo(_message.Message):
    __slots__ = ("name", "scenes", "segues", "root_id", "operation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SCENES_FIELD_NUMBER: _ClassVar[int]
    SEGUES_FIELD_NUMBER: _ClassVar[int]
    ROOT_ID_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    scenes: _containers.RepeatedScalarFieldContainer[str]
    segues: _containers.RepeatedScalarFieldContainer[str]
    root_id: int
    operation: OperationResult
    def __init__(self, name: _Optional[str] = ..., scenes: _Optional[_Iterable[str]] = ..., segues: _Optional[_Iterable[str]] = ..., root_id: _Optional[int] = ..., operation: _Optional[_Union[OperationResult, _Mapping]] = ...) -> None: ...

class PerformSegue(_message.Message):
    __slots__ = ("source", "identifier", "triggered", "not_animated")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    source: ControllerRef
    identifier: str
    triggered: bool
    not_animated: bool
    def __init__(self, source: _Optional[_Union[ControllerRef, _Mapping]] = ..., identifier: _Optional[str] = ..., triggered: _Optional[bool] = ..., not_animated: _Optional[bool] = ...) -> None: ...

class Unwind(_message.Message):
    __slots__ = ("source", "action", "not_animated")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    NOT_ANIMATED_FIELD_NUMBER: _ClassVar[int]
    source: ControllerRef
    action: str
    not_animated: bool
    def __init__(self, source: _Optional[_Union[ControllerRef, _Mapping]] = ..., action: _Optional[str] = ..., not_animated: _Optional[bool] = ...) -> None: ...

class UnloadStoryboard(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class InstantiateScene(_message.Message):
    __slots__ = ("storyboard", "scene")
    STORYBOARD_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    storyboard: str
    scene: str
    def __init__(self, storyboard: _Optional[str] = ..., scene: _Optional[str] = ...) -> None: ...

class BeginAppearanceTransition(_message.Message):
    __slots__ = ("controller", "appearing", "animated")
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    APPEARING_FIELD_NUMBER: _ClassVar[int]
    ANIMATED_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    appearing: bool
    animated: bool
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., appearing: _Optional[bool] = ..., animated: _Optional[bool] = ...) -> None: ...

class EndAppearanceTransition(_message.Message):
    __slots__ = ("controller",)
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ...) -> None: ...

class Tap(_message.Message):
    __slots__ = ("window_id", "point")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    POINT_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    point: _common_pb2.Point
    def __init__(self, window_id: _Optional[int] = ..., point: _Optional[_Union[_common_pb2.Point, _Mapping]] = ...) -> None: ...

class SegueResult(_message.Message):
    __slots__ = ("operation", "performed", "destination_id")
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    PERFORMED_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_ID_FIELD_NUMBER: _ClassVar[int]
    operation: OperationResult
    performed: bool
    destination_id: int
    def __init__(self, operation: _Optional[_Union[OperationResult, _Mapping]] = ..., performed: _Optional[bool] = ..., destination_id: _Optional[int] = ...) -> None: ...

class Lease(_message.Message):
    __slots__ = ("window_id", "ttl")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TTL_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    ttl: float
    def __init__(self, window_id: _Optional[int] = ..., ttl: _Optional[float] = ...) -> None: ...

class Release(_message.Message):
    __slots__ = ("window_id", "force")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    force: bool
    def __init__(self, window_id: _Optional[int] = ..., force: _Optional[bool] = ...) -> None: ...

class LeaseResult(_message.Message):
    __slots__ = ("window_id", "holder_client_id", "expires_in", "renewed")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    HOLDER_CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    RENEWED_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    holder_client_id: int
    expires_in: float
    renewed: bool
    def __init__(self, window_id: _Optional[int] = ..., holder_client_id: _Optional[int] = ..., expires_in: _Optional[float] = ..., renewed: _Optional[bool] = ...) -> None: ...

class SetDelegate(_message.Message):
    __slots__ = ("controller", "roles", "timeout_ms", "interaction", "adaptive_replacement")
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    INTERACTION_FIELD_NUMBER: _ClassVar[int]
    ADAPTIVE_REPLACEMENT_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    roles: _containers.RepeatedScalarFieldContainer[_common_pb2.DelegateRole]
    timeout_ms: int
    interaction: bool
    adaptive_replacement: bool
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., roles: _Optional[_Iterable[_Union[_common_pb2.DelegateRole, str]]] = ..., timeout_ms: _Optional[int] = ..., interaction: _Optional[bool] = ..., adaptive_replacement: _Optional[bool] = ...) -> None: ...

class ClearDelegate(_message.Message):
    __slots__ = ("controller", "roles")
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    controller: ControllerRef
    roles: _containers.RepeatedScalarFieldContainer[_common_pb2.DelegateRole]
    def __init__(self, controller: _Optional[_Union[ControllerRef, _Mapping]] = ..., roles: _Optional[_Iterable[_Union[_common_pb2.DelegateRole, str]]] = ...) -> None: ...

class DelegateCall(_message.Message):
    __slots__ = ("session", "call_id", "controller_id", "role", "method", "arguments", "window_id", "timeout_ms")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    session: str
    call_id: int
    controller_id: int
    role: _common_pb2.DelegateRole
    method: _common_pb2.DelegateMethod
    arguments: _common_pb2.DelegateArguments
    window_id: int
    timeout_ms: int
    def __init__(self, session: _Optional[str] = ..., call_id: _Optional[int] = ..., controller_id: _Optional[int] = ..., role: _Optional[_Union[_common_pb2.DelegateRole, str]] = ..., method: _Optional[_Union[_common_pb2.DelegateMethod, str]] = ..., arguments: _Optional[_Union[_common_pb2.DelegateArguments, _Mapping]] = ..., window_id: _Optional[int] = ..., timeout_ms: _Optional[int] = ...) -> None: ...

class DelegateReply(_message.Message):
    __slots__ = ("call_id", "answer")
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    call_id: int
    answer: _common_pb2.DelegateAnswer
    def __init__(self, call_id: _Optional[int] = ..., answer: _Optional[_Union[_common_pb2.DelegateAnswer, _Mapping]] = ...) -> None: ...

class DelegateReplyResult(_message.Message):
    __slots__ = ("accepted", "window_id", "transition_id")
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    accepted: bool
    window_id: int
    transition_id: int
    def __init__(self, accepted: _Optional[bool] = ..., window_id: _Optional[int] = ..., transition_id: _Optional[int] = ...) -> None: ...

class AnimateTransition(_message.Message):
    __slots__ = ("session", "call_id", "window_id", "transition_id", "kind", "container_view_id", "container_size", "from_controller_id", "to_controller_id", "from_view_id", "to_view_id", "from_initial_frame", "from_final_frame", "to_initial_frame", "to_final_frame", "animated", "interactive", "duration", "grace_ms")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_SIZE_FIELD_NUMBER: _ClassVar[int]
    FROM_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    TO_CONTROLLER_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    TO_VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_INITIAL_FRAME_FIELD_NUMBER: _ClassVar[int]
    FROM_FINAL_FRAME_FIELD_NUMBER: _ClassVar[int]
    TO_INITIAL_FRAME_FIELD_NUMBER: _ClassVar[int]
    TO_FINAL_FRAME_FIELD_NUMBER: _ClassVar[int]
    ANIMATED_FIELD_NUMBER: _ClassVar[int]
    INTERACTIVE_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    GRACE_MS_FIELD_NUMBER: _ClassVar[int]
    session: str
    call_id: int
    window_id: int
    transition_id: int
    kind: str
    container_view_id: int
    container_size: _common_pb2.Size
    from_controller_id: int
    to_controller_id: int
    from_view_id: int
    to_view_id: int
    from_initial_frame: _common_pb2.Rect
    from_final_frame: _common_pb2.Rect
    to_initial_frame: _common_pb2.Rect
    to_final_frame: _common_pb2.Rect
    animated: bool
    interactive: bool
    duration: float
    grace_ms: int
    def __init__(self, session: _Optional[str] = ..., call_id: _Optional[int] = ..., window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., kind: _Optional[str] = ..., container_view_id: _Optional[int] = ..., container_size: _Optional[_Union[_common_pb2.Size, _Mapping]] = ..., from_controller_id: _Optional[int] = ..., to_controller_id: _Optional[int] = ..., from_view_id: _Optional[int] = ..., to_view_id: _Optional[int] = ..., from_initial_frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., from_final_frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., to_initial_frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., to_final_frame: _Optional[_Union[_common_pb2.Rect, _Mapping]] = ..., animated: _Optional[bool] = ..., interactive: _Optional[bool] = ..., duration: _Optional[float] = ..., grace_ms: _Optional[int] = ...) -> None: ...

class ViewValue(_message.Message):
    __slots__ = ("view_id", "property", "value")
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    PROPERTY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    view_id: int
    property: _common_pb2.AnimatableProperty
    value: _common_pb2.AnimatableValue
    def __init__(self, view_id: _Optional[int] = ..., property: _Optional[_Union[_common_pb2.AnimatableProperty, str]] = ..., value: _Optional[_Union[_common_pb2.AnimatableValue, _Mapping]] = ...) -> None: ...

class TransitionFrame(_message.Message):
    __slots__ = ("window_id", "transition_id", "percent", "values")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    percent: float
    values: _containers.RepeatedCompositeFieldContainer[ViewValue]
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., percent: _Optional[float] = ..., values: _Optional[_Iterable[_Union[ViewValue, _Mapping]]] = ...) -> None: ...

class CompleteTransition(_message.Message):
    __slots__ = ("window_id", "transition_id", "did_complete")
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_ID_FIELD_NUMBER: _ClassVar[int]
    DID_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    window_id: int
    transition_id: int
    did_complete: bool
    def __init__(self, window_id: _Optional[int] = ..., transition_id: _Optional[int] = ..., did_complete: _Optional[bool] = ...) -> None: ...
