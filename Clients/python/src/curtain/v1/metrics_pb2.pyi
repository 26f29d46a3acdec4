from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetMetrics(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Metrics(_message.Message):
    __slots__ = ("families", "uptime")
    FAMILIES_FIELD_NUMBER: _ClassVar[int]
    UPTIME_FIELD_NUMBER: _ClassVar[int]
    families: _containers.RepeatedCompositeFieldContainer[MetricFamily]
    uptime: float
    def __init__(self, families: _Optional[_Iterable[_Union[MetricFamily, _Mapping]]] = ..., uptime: _Optional[float] = ...) -> None: ...

class MetricFamily(_message.Message):
    __slots__ = ("name", "help", "type", "label_names", "bucket_bounds", "samples")
    class Type(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TYPE_UNSPECIFIED: _ClassVar[MetricFamily.Type]
        TYPE_COUNTER: _ClassVar[MetricFamily.Type]
        TYPE_GAUGE: _ClassVar[MetricFamily.Type]
        TYPE_HISTOGRAM: _ClassVar[MetricFamily.Type]
    TYPE_UNSPECIFIED: MetricFamily.Type
    TYPE_COUNTER: MetricFamily.Type
    TYPE_GAUGE: MetricFamily.Type
    TYPE_HISTOGRAM: MetricFamily.Type
    NAME_FIELD_NUMBER: _ClassVar[int]
    HELP_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    LABEL_NAMES_FIELD_NUMBER: _ClassVar[int]
    BUCKET_BOUNDS_FIELD_NUMBER: _ClassVar[int]
    SAMPLES_FIELD_NUMBER: _ClassVar[int]
    name: str
    help: str
    type: MetricFamily.Type
    label_names: _containers.RepeatedScalarFieldContainer[str]
    bucket_bounds: _containers.RepeatedScalarFieldContainer[float]
    samples: _containers.RepeatedCompositeFieldContainer[MetricSample]
    def __init__(self, name: _Optional[str] = ..., help: _Optional[str] = ..., type: _Optional[_Union[MetricFamily.Type, str]] = ..., label_names: _Optional[_Iterable[str]] = ..., bucket_bounds: _Optional[_Iterable[float]] = ..., samples: _Optional[_Iterable[_Union[MetricSample, _Mapping]]] = ...) -> None: ...

class MetricSample(_message.Message):
    __slots__ = ("label_values", "value", "bucket_counts", "bucket_sums", "count", "sum")
    LABEL_VALUES_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BUCKET_COUNTS_FIELD_NUMBER: _ClassVar[int]
    BUCKET_SUMS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    SUM_FIELD_NUMBER: _ClassVar[int]
    label_values: _containers.RepeatedScalarFieldContainer[str]
    value: float
    bucket_counts: _containers.RepeatedScalarFieldContainer[int]
    bucket_sums: _containers.RepeatedScalarFieldContainer[float]
    count: int
    sum: float
    def __init__(self, label_values: _Optional[_Iterable[str]] = ..., value: _Optional[float] = ..., bucket_counts: _Optional[_Iterable[int]] = ..., bucket_sums: _Optional[_Iterable[float]] = ..., count: _Optional[int] = ..., sum: _Optional[float] = ...) -> None: ...
