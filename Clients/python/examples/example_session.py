"""The session an example works in: one of its own, named by ``--session``
(by default after the example), which must hold nothing yet and which the
example deletes when it ends, after an error or Ctrl-C too. So an example
leaves nothing behind and runs again and again against the same daemon.

    with curtain.Client(socket, session=name) as client, own_session(client, name):
        ...
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import curtain


def _check_unused(name: str, sessions: Sequence[curtain.types.SessionList.Entry]) -> None:
    """Stops the example when session ``name`` holds windows or controllers:
    they are someone else's, or those of a run that was killed."""
    for entry in sessions:
        if entry.name == name and (entry.windows or entry.controllers):
            sys.exit(
                f"{Path(sys.argv[0]).name}: session {name!r} is not empty ({entry.windows} windows, "
                f"{entry.controllers} controllers: a run that was killed?); remove it with "
                f"`curtain kill-session {name}`, or pass --session with another name"
            )


@contextlib.contextmanager
def own_session(client: curtain.Client, name: str) -> Iterator[None]:
    """Session ``name`` for the time of the block, deleted at its end."""
    _check_unused(name, client.list_sessions())
    try:
        yield
    finally:
        # A daemon that went away takes the session's fate with it.
        with contextlib.suppress(curtain.CurtainError):
            client.kill_session(name)


@contextlib.asynccontextmanager
async def own_session_async(client: curtain.AsyncClient, name: str) -> AsyncIterator[None]:
    """``own_session`` for the asyncio client."""
    _check_unused(name, await client.list_sessions())
    try:
        yield
    finally:
        with contextlib.suppress(curtain.CurtainError):
            await client.kill_session(name)
