"""The CLI's names (``w1``, ``c2``, ``@Nav``, ``t3``, plain ids) in the
Python clients, against the table every client is tested with
(Tests/Fixtures/name-cases.json), and against a real curtaind."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import manual_stack

import curtain
from curtain.testing import Daemon
from curtain.v1 import protocol_pb2 as protocol

CASES_FILE = Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "name-cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]

STRICT: dict[str, Any] = {
    "window": curtain.parse_window,
    "transition": curtain.parse_transition,
    "controller": curtain.parse_controller,
}
CLIENT: dict[str, Any] = {
    "window": curtain.window_id,
    "transition": curtain.transition_id,
    "controller": curtain.controller_ref,
}


def case_id(case: dict[str, Any]) -> str:
    return f"{case['kind']} {case['text']!r}"


def expected(case: dict[str, Any]) -> Any:
    """What a reading of ``case`` answers: an int id, a ControllerRef, or
    ``("error", message)``."""
    if "error" in case:
        return ("error", case["error"])
    if case["kind"] != "controller":
        return case["id"]
    if "identifier" in case:
        return protocol.ControllerRef(identifier=case["identifier"])
    return protocol.ControllerRef(id=case["id"])


def read(function: Any, text: str) -> Any:
    try:
        return function(text)
    except curtain.TargetNameError as error:
        return ("error", str(error))


def test_the_shared_table_has_every_kind() -> None:
    assert len(CASES) >= 40
    assert {case["kind"] for case in CASES} == set(STRICT)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_parse_functions_read_each_case_as_the_cli(case: dict[str, Any]) -> None:
    assert read(STRICT[case["kind"]], case["text"]) == expected(case)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_client_methods_read_each_case(case: dict[str, Any]) -> None:
    # Where the client keeps its older reading (a bare str is an
    # identifier), the table says so under "python".
    reading = {"kind": case["kind"], **case.get("python", case)}
    assert read(CLIENT[case["kind"]], case["text"]) == expected(reading)


def test_bad_names_are_value_errors_and_other_types_type_errors() -> None:
    with pytest.raises(ValueError, match="'w0'"):
        curtain.window_id("w0")
    for function in CLIENT.values():
        with pytest.raises(TypeError):
            function(True)
        with pytest.raises(TypeError):
            function(1.5)
    assert curtain.window_id(3) == 3
    assert curtain.transition_id(5) == 5
    assert curtain.controller_ref(12) == protocol.ControllerRef(id=12)


def test_requests_take_the_clis_names(daemon: Daemon, client: curtain.Client) -> None:
    manual_stack(client, "Home", "Detail")
    nav = next(info for info in client.list_controllers() if info.identifier == "Nav")
    assert client.get_tree("w1").root.identifier == "Nav"
    assert client.get_tree("1").window.window == 1
    assert client.pop("@Nav", animated=False).completed
    client.push(f"c{nav.controller}", "@Detail", animated=False)
    assert [child.identifier for child in client.get_tree("w1").root.children] == ["Home", "Detail"]
    assert client.pop(f"c{nav.controller}", animated=False).completed
    client.push("Nav", "Detail", animated=False)
    begun = client.begin_interactive("@Nav")
    transition = f"t{begun.transition}"
    assert client.update_interactive("w1", transition, 0.5).transition == begun.transition
    client.cancel_interactive("w1", str(begun.transition))
    with pytest.raises(curtain.TargetNameError, match=r"^'c0' is not a controller name"):
        client.pop("c0")
    with pytest.raises(curtain.TargetNameError, match=r"^window ids start at 1, so 'w0' names none$"):
        client.get_tree("w0")
    with pytest.raises(curtain.ServerError, match="No view controller"):
        client.pop("c999")


def test_the_async_client_takes_the_clis_names(daemon: Daemon) -> None:
    async def main() -> None:
        async with curtain.AsyncClient(daemon.socket_path, client_name="names") as client:
            window = await client.create_window(clock="manual", root="Nav=nav[Home,Detail]")
            tree = await client.get_tree(f"w{window.window}")
            assert tree.root.identifier == "Nav"
            assert (await client.pop("@Nav", animated=False)).completed
            assert (await client.get_tree(str(window.window))).root.children[0].identifier == "Home"
            with pytest.raises(curtain.TargetNameError, match=r"^'@' must be followed by an identifier"):
                await client.pop("@")

    asyncio.run(asyncio.wait_for(main(), 30))
