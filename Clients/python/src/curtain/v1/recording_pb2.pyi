from curtain.v1 import common_pb2 as _common_pb2
from curtain.v1 import events_pb2 as _events_pb2
from curtain.v1 import journal_pb2 as _journal_pb2
from curtain.v1 import session_image_pb2 as _session_image_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Recording(_message.Message):
    __slots__ = ("kind", "version", "generator", "session", "window_id", "start", "inputs", "end_clock", "steps", "trees", "end_input")
    KIND_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GENERATOR_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ID_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    INPUTS_FIELD_NUMBER: _ClassVar[int]
    END_CLOCK_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    TREES_FIELD_NUMBER: _ClassVar[int]
    END_INPUT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    version: int
    generator: str
    session: str
    window_id: int
    start: _session_image_pb2.SessionImage
    inputs: _containers.RepeatedCompositeFieldContainer[_journal_pb2.JournalEntry]
    end_clock: float
    steps: _containers.RepeatedCompositeFieldContainer[RecordedStep]
    trees: _containers.RepeatedCompositeFieldContainer[_common_pb2.Tree]
    end_input: int
    def __init__(self, kind: _Optional[str] = ..., version: _Optional[int] = ..., generator: _Optional[str] = ..., session: _Optional[str] = ..., window_id: _Optional[int] = ..., start: _Optional[_Union[_session_image_pb2.SessionImage, _Mapping]] = ..., inputs: _Optional[_Iterable[_Union[_journal_pb2.JournalEntry, _Mapping]]] = ..., end_clock: _Optional[float] = ..., steps: _Optional[_Iterable[_Union[RecordedStep, _Mapping]]] = ..., trees: _Optional[_Iterable[_Union[_common_pb2.Tree, _Mapping]]] = ..., end_input: _Optional[int] = ...) -> None: ...

class RecordedStep(_message.Message):
    __slots__ = ("events", "frames")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[_events_pb2.Event]
    frames: _containers.RepeatedCompositeFieldContainer[_events_pb2.Frame]
    def __init__(self, events: _Optional[_Iterable[_Union[_events_pb2.Event, _Mapping]]] = ..., frames: _Optional[_Iterable[_Union[_events_pb2.Frame, _Mapping]]] = ...) -> None: ...
