"""The default socket rule against the cases the Swift rule and the C port
are tested with too (Tests/Fixtures/socket-rule-cases.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curtain._wire import socket_rule_path

CASES_FILE = Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "socket-rule-cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def test_the_shared_table_has_cases() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['env']} {case['uid']} {case['name']}")
def test_the_rule_answers_each_shared_case(case: dict[str, object]) -> None:
    env = case["env"]
    assert isinstance(env, dict)
    assert socket_rule_path(env, int(str(case["uid"])), str(case["name"])) == case["path"]
