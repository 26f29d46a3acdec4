"""Recordings (docs/recordings.md): ``client.record`` cuts one from the
session's past, ``curtain.testing.replay`` replays it under pytest and fails
with the first difference; ``update=True`` rewrites its expectations. The
recordings committed under Tests/Fixtures/recordings replay identical on
this build."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from conftest import manual_stack

import curtain
from curtain.testing import RecordingMismatch, replay

FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "recordings"


def _pushed(client: curtain.Client, path: pathlib.Path) -> dict[str, Any]:
    window = manual_stack(client, "Home")
    client.create_controller("content", identifier="Detail")
    client.push("Nav", "Detail")
    for _ in range(3):
        client.advance_clock(window, 0.2)
    path.write_bytes(client.record(window).document)
    recording: dict[str, Any] = json.loads(path.read_text())
    return recording


def test_a_recording_replays_identical_and_a_tampered_one_fails_at_its_event(
    client: curtain.Client, tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "push.json"
    recording = _pushed(client, path)
    check = replay(path, client)
    assert check.identical and check.inputs == len(recording["inputs"])
    # The push's input: an event of it expected otherwise.
    push = next(i for i, entry in enumerate(recording["inputs"]) if "push" in entry["request"])
    before = sum(len(step.get("events", [])) for step in recording["steps"][:push])
    events = recording["steps"][push]["events"]
    offset = next(i for i, event in enumerate(events) if event["text"] == "Detail.viewWillAppear(true)")
    events[offset]["text"] = "Detail.viewWillAppear(false)"
    path.write_text(json.dumps(recording))
    with pytest.raises(RecordingMismatch) as failure:
        replay(path, client)
    assert failure.value.difference.index == before + offset
    assert failure.value.difference.input == push
    assert f"event {before + offset} (input {push}: push at clock " in str(failure.value)
    assert 'expected "w1 #' in str(failure.value) and "Detail.viewWillAppear(false)" in str(failure.value)
    # The golden-file workflow: rewrite, then it passes.
    replay(path, client, update=True)
    assert replay(path, client).identical
    assert json.loads(path.read_text())["steps"][push]["events"][offset]["text"] == "Detail.viewWillAppear(true)"


def test_a_file_that_is_not_a_recording_is_refused(client: curtain.Client, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"kind": "curtain.session", "version": 2}')
    with pytest.raises(curtain.ServerError) as refused:
        replay(path, client)
    assert refused.value.code_name == "INVALID_ARGUMENT"
    assert "not a Curtain recording" in str(refused.value)


@pytest.mark.parametrize("name", sorted(path.name for path in FIXTURES.glob("*.json")))
def test_the_committed_recordings_replay_identical(name: str) -> None:
    # Without a client: a private daemon replays it.
    assert replay(FIXTURES / name).identical
