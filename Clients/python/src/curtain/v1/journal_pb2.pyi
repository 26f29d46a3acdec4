from curtain.v1 import protocol_pb2 as _protocol_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class JournalEntry(_message.Message):
    __slots__ = ("clock", "request", "client_gone", "settled", "delegate_timeout", "client_id", "owns_interactions", "check")
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    CLIENT_GONE_FIELD_NUMBER: _ClassVar[int]
    SETTLED_FIELD_NUMBER: _ClassVar[int]
    DELEGATE_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ID_FIELD_NUMBER: _ClassVar[int]
    OWNS_INTERACTIONS_FIELD_NUMBER: _ClassVar[int]
    CHECK_FIELD_NUMBER: _ClassVar[int]
    clock: float
    request: _protocol_pb2.Request
    client_gone: ClientGone
    settled: Settled
    delegate_timeout: DelegateTimeout
    client_id: int
    owns_interactions: bool
    check: JournalCheck
    def __init__(self, clock: _Optional[float] = ..., request: _Optional[_Union[_protocol_pb2.Request, _Mapping]] = ..., client_gone: _Optional[_Union[ClientGone, _Mapping]] = ..., settled: _Optional[_Union[Settled, _Mapping]] = ..., delegate_timeout: _Optional[_Union[DelegateTimeout, _Mapping]] = ..., client_id: _Optional[int] = ..., owns_interactions: _Optional[bool] = ..., check: _Optional[_Union[JournalCheck, _Mapping]] = ...) -> None: ...

class ClientGone(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Settled(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DelegateTimeout(_message.Message):
    __slots__ = ("session", "call_id")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    session: str
    call_id: int
    def __init__(self, session: _Optional[str] = ..., call_id: _Optional[int] = ...) -> None: ...

class JournalCheck(_message.Message):
    __slots__ = ("next_ids", "error_code")
    NEXT_IDS_FIELD_NUMBER: _ClassVar[int]
    ERROR_CODE_FIELD_NUMBER: _ClassVar[int]
    next_ids: IdentifierCounters
    error_code: int
    def __init__(self, next_ids: _Optional[_Union[IdentifierCounters, _Mapping]] = ..., error_code: _Optional[int] = ...) -> None: ...

class IdentifierCounters(_message.Message):
    __slots__ = ("window", "controller", "view", "transition", "operation")
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    TRANSITION_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    window: int
    controller: int
    view: int
    transition: int
    operation: int
    def __init__(self, window: _Optional[int] = ..., controller: _Optional[int] = ..., view: _Optional[int] = ..., transition: _Optional[int] = ..., operation: _Optional[int] = ...) -> None: ...
