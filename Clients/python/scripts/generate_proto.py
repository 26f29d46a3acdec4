#!/usr/bin/env python3
"""Regenerates the protobuf code of the Python client from Proto/curtain/v1.

    python scripts/generate_proto.py           write src/curtain/v1/*_pb2.py(i)
    python scripts/generate_proto.py --check   fail if the committed code differs

Needs grpcio-tools (pinned in requirements-dev.txt), whose bundled protoc
generates code for the protobuf runtime the package requires.
"""

from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parent
REPO = CLIENT.parent.parent
PROTO = REPO / "Proto"
OUT = CLIENT / "src"
GENERATED = OUT / "curtain" / "v1"


def generate(out: Path) -> None:
    try:
        from grpc_tools import protoc
    except ImportError:
        sys.exit("generate_proto: grpcio-tools is missing (pip install -r requirements-dev.txt)")
    protos = sorted(str(p.relative_to(PROTO)) for p in (PROTO / "curtain" / "v1").glob("*.proto"))
    args = ["protoc", f"-I{PROTO}", f"--python_out={out}", f"--pyi_out={out}", *protos]
    if protoc.main(args) != 0:
        sys.exit("generate_proto: protoc failed")


def generated_files(directory: Path) -> set[str]:
    return {p.name for p in directory.glob("*_pb2.py*")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed code is out of date")
    options = parser.parse_args()
    if not options.check:
        for old in GENERATED.glob("*_pb2.py*"):
            old.unlink()
        generate(OUT)
        print(f"generate_proto: wrote {GENERATED.relative_to(REPO)}", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        generate(Path(scratch))
        fresh = Path(scratch) / "curtain" / "v1"
        names = generated_files(fresh) | generated_files(GENERATED)
        stale = sorted(
            name
            for name in names
            if not (fresh / name).exists()
            or not (GENERATED / name).exists()
            or not filecmp.cmp(fresh / name, GENERATED / name, shallow=False)
        )
    if stale:
        print(
            f"generate_proto: {GENERATED.relative_to(REPO)} is out of date ({', '.join(stale)}); "
            "run Clients/python/scripts/generate_proto.py",
            file=sys.stderr,
        )
        return 1
    print("generate_proto: generated Python code is up to date", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
