"""Python client for ``curtaind``, the Curtain view-controller session server.

- :class:`Client`: synchronous; every request is a method returning its
  typed result: a dataclass of :mod:`curtain.types` (:class:`Window`,
  :class:`ControllerInfo`, :class:`Tree`, :class:`OperationResult`,
  :class:`Event`, :class:`Frame`, …) with enums, whose ``.proto`` is the
  protobuf message of :mod:`curtain.v1` it was made from.
- :class:`AsyncClient`: asyncio; every request method returns an awaitable.
- Errors are :class:`ServerError` (with the protocol's :class:`ErrorCode`),
  :class:`ConnectionClosed` (with the goodbye's reason), :class:`Timeout`,
  :class:`ConnectFailed`.
- :mod:`curtain.testing` starts a private daemon on a temporary socket.
"""

from . import types
from ._core import PROTOCOL_VERSION
from ._delegates import InteractionController, InteractiveTransition, RemoteAnimator, TransitionContext
from ._layouts import flow_layout, frames_layout
from ._names import TargetNameError, parse_controller, parse_transition, parse_window
from ._requests import CallOptions, controller_ref, transition_id, window_id
from ._rootspec import RootSpecError, parse_root_spec
from ._spec import REQUESTS, RequestSpec
from ._typebase import ProtoEnum, ProtoMessage
from ._views import tab_bar_item_point
from ._wire import default_socket_path, parse_address
from .aio import AsyncClient, AsyncSubscription
from .client import Client, Pipeline, Reply, Subscription
from .errors import (
    ConnectFailed,
    ConnectionClosed,
    CurtainError,
    ErrorCode,
    GoodbyeReason,
    ProtocolError,
    ServerError,
    SessionMoved,
    SubscriptionEnded,
    Timeout,
)
from .types import (
    ClockResult,
    ControllerInfo,
    ControllerNode,
    Event,
    Frame,
    OperationResult,
    SegueResult,
    Status,
    StoryboardInfo,
    TransitionResult,
    Tree,
    Window,
    WindowInfo,
)
from .v1 import common_pb2, events_pb2, metrics_pb2, protocol_pb2

__version__ = "0.1.0"

__all__ = [
    "PROTOCOL_VERSION",
    "REQUESTS",
    "AsyncClient",
    "AsyncSubscription",
    "CallOptions",
    "Client",
    "ClockResult",
    "ConnectFailed",
    "ConnectionClosed",
    "ControllerInfo",
    "ControllerNode",
    "CurtainError",
    "ErrorCode",
    "Event",
    "Frame",
    "GoodbyeReason",
    "InteractionController",
    "InteractiveTransition",
    "OperationResult",
    "Pipeline",
    "ProtoEnum",
    "ProtoMessage",
    "ProtocolError",
    "RemoteAnimator",
    "Reply",
    "RequestSpec",
    "RootSpecError",
    "SegueResult",
    "ServerError",
    "SessionMoved",
    "Status",
    "StoryboardInfo",
    "Subscription",
    "SubscriptionEnded",
    "TargetNameError",
    "Timeout",
    "TransitionContext",
    "TransitionResult",
    "Tree",
    "Window",
    "WindowInfo",
    "common_pb2",
    "controller_ref",
    "default_socket_path",
    "events_pb2",
    "flow_layout",
    "frames_layout",
    "metrics_pb2",
    "parse_address",
    "parse_controller",
    "parse_root_spec",
    "parse_transition",
    "parse_window",
    "protocol_pb2",
    "tab_bar_item_point",
    "transition_id",
    "types",
    "window_id",
]
