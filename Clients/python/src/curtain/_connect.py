"""Connection options shared by the clients."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field

from ._wire import Address, parse_address


@dataclass
class Options:
    address: Address
    token: str = ""
    client_name: str = "curtain-python"
    capabilities: list[str] = field(default_factory=list)
    session: str = ""


def options(
    address: object,
    token: str | None,
    token_file: str | os.PathLike[str] | None,
    client_name: str,
    capabilities: Iterable[str],
    read_only: bool,
    unowned_interactions: bool,
    session: str,
) -> Options:
    if token is not None and token_file is not None:
        raise TypeError("give token or token_file, not both")
    if token_file is not None:
        with open(token_file, encoding="utf-8") as handle:
            token = handle.read().strip()
    wanted = list(capabilities)
    if read_only and "read-only" not in wanted:
        wanted.append("read-only")
    if unowned_interactions and "unowned-interactions" not in wanted:
        wanted.append("unowned-interactions")
    return Options(parse_address(address), token or "", client_name, wanted, session)  # type: ignore[arg-type]


def unreachable(address: Address, error: OSError) -> str:
    return f"no daemon is listening on {address} ({error.strerror or error})"
