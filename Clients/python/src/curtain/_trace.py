"""Putting a window's trace together from the pieces ``GetTrace`` answers
(the first call and those a trace too large for one response takes): their
events, each process and thread name once, in time order, and the last
piece's metadata with the range the pieces cover."""

from __future__ import annotations

import json
import os
from typing import Any


class TraceBuilder:
    """The pieces of one trace, asked for and added in order."""

    def __init__(self, window: Any, since_seq: int) -> None:
        #: Where the next piece starts.
        self.window = window
        self.since_seq = since_seq
        self.since_frame_seq = 0
        self._names: list[dict[str, Any]] = []
        self._events: list[dict[str, Any]] = []
        self._metadata: dict[str, Any] = {}
        self._since: dict[str, Any] | None = None

    def add(self, piece: str) -> None:
        """Adds a piece (a Trace's ``json``); what an earlier piece drew as
        unfinished is replaced by this one's."""
        document = json.loads(piece)
        self._events = [e for e in self._events if not e.get("args", {}).get("unfinished")]
        for event in document["traceEvents"]:
            if event.get("ph") == "M":
                if event not in self._names:
                    self._names.append(event)
            else:
                self._events.append(event)
        self._metadata = dict(document.get("metadata", {}))
        if self._since is None:
            self._since = {k: self._metadata.get(k, 0) for k in ("since_seq", "since_frame_seq")}

    def take(self, piece: Any) -> bool:
        """Adds a Trace response; whether more pieces follow."""
        self.add(piece.json)
        self.window, self.since_seq, self.since_frame_seq = piece.window_id, piece.last_seq, piece.last_frame_seq
        return bool(piece.more)

    def finish(self, path: str | os.PathLike[str] | None) -> dict[str, Any]:
        """The whole trace, also written to ``path`` when given."""
        document = self.document()
        if path is not None:
            write(document, path)
        return document

    def document(self) -> dict[str, Any]:
        """The trace: the JSON object form, events in time order."""
        rank = {"X": 0, "B": 0, "s": 2, "f": 2, "t": 2}

        def key(item: tuple[int, dict[str, Any]]) -> tuple[float, int, float, int]:
            index, event = item
            return (event.get("ts", 0), rank.get(event.get("ph", ""), 1), -event.get("dur", 0), index)

        events = [event for _, event in sorted(enumerate(self._events), key=key)]
        return {
            "traceEvents": self._names + events,
            "displayTimeUnit": "ms",
            "metadata": {**self._metadata, **(self._since or {})},
        }


def write(document: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Writes a trace to ``path`` under a temporary name, then renames it."""
    temporary = f"{os.fspath(path)}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False)
        file.write("\n")
    os.replace(temporary, path)
