"""Cluster mode against real curtaind nodes sharing a private PostgreSQL
(tests/cluster.py): the clients follow MOVED to the node that owns a
session, remember it, and give up with SessionMoved after three answers in
a row or when the node named does not answer; pipelines follow MOVED too,
with their replies and each session's requests in order; ListNodes; a
subscription whose node died resumes where its session went. Skipped when
PostgreSQL is not installed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Iterator

import pytest
from cluster import Cluster, Postgres, binary_directory, free_port, wait_for_owner
from conftest import texts

import curtain

BINARIES = binary_directory()
pytestmark = pytest.mark.skipif(BINARIES is None, reason="PostgreSQL is not installed (apt-get install postgresql)")


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    assert BINARIES is not None
    server = Postgres(BINARIES)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def cluster(postgres: Postgres) -> Iterator[Cluster]:
    """Nodes a and b; c advertises an address nobody listens on; d
    advertises b's address (so b sends clients for d's sessions back to
    itself)."""
    nodes = Cluster(postgres, "routing")
    try:
        nodes.start("a")
        nodes.start("b")
        nodes.start("c", advertise=f"tcp://127.0.0.1:{free_port()}")
        nodes.start("d", advertise=nodes.address("b"))
        yield nodes
    finally:
        nodes.stop()


def make_session(cluster: Cluster, node: str, session: str, *identifiers: str) -> None:
    """Creates content controllers in ``session`` on ``node``, and waits
    until b knows where the session is."""
    with cluster.nodes[node].client(session=session, timeout=10) as client:
        for identifier in identifiers:
            client.create_controller("content", identifier=identifier)
    with cluster.nodes["b"].client(timeout=10) as on_b:
        wait_for_owner(on_b, session, node)


def moves(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.getMessage().startswith("following MOVED")]


def test_a_client_of_b_reaches_a_session_of_a_through_one_more_connection(
    cluster: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    make_session(cluster, "a", "s1", "First")
    caplog.set_level(logging.DEBUG, logger="curtain")
    with cluster.nodes["b"].client(client_name="on-b", timeout=10) as client:
        assert client.connections == 1
        assert [c.identifier for c in client.list_controllers(session="s1")] == ["First"]
        assert client.connections == 2
        made = client.create_controller("content", identifier="Second", session="s1")
        assert made.identifier == "Second"
        assert [c.identifier for c in client.list_controllers(session="s1")] == ["First", "Second"]
        # A subscription follows too, and is ended where it is.
        window = client.create_window(session="s1")
        sub = client.subscribe(window, categories=["window"], session="s1")
        client.set_window_visible(window, False, session="s1")
        assert texts([sub.next(timeout=5)]) == ["window.visible(false)"]
        client.unsubscribe(sub)
        assert not sub.active
        client.close_window(window, session="s1")
        # b's own session stays on b's connection.
        client.create_controller("content", identifier="OnB")
        assert [c.identifier for c in client.list_controllers()] == ["OnB"]
        assert client.connections == 2
    assert moves(caplog) == [f"following MOVED: session s1 is on node a at {cluster.address('a')}"]
    with cluster.nodes["a"].client(session="s1") as on_a:
        assert [c.identifier for c in on_a.list_controllers()] == ["First", "Second"]
        assert [(s.session, s.windows, s.controllers) for s in on_a.list_sessions()] == [
            ("default", 0, 0),
            ("s1", 0, 2),
        ]


def test_the_async_client_follows_moved_too(cluster: Cluster, caplog: pytest.LogCaptureFixture) -> None:
    make_session(cluster, "a", "s2", "First")
    caplog.set_level(logging.DEBUG, logger="curtain")

    async def main() -> None:
        async with curtain.AsyncClient(cluster.nodes["b"].socket_path, session="s2", timeout=10) as client:
            # Two requests sent before the first answer: one more connection.
            listed, made = await asyncio.gather(
                client.list_controllers(), client.create_controller("content", identifier="Second")
            )
            assert [c.identifier for c in listed] == ["First"]
            assert made.identifier == "Second"
            assert [c.identifier for c in await client.list_controllers()] == ["First", "Second"]
            assert client.connections == 2

    asyncio.run(asyncio.wait_for(main(), 30))
    assert set(moves(caplog)) == {f"following MOVED: session s2 is on node a at {cluster.address('a')}"}


def identifiers(controllers: list[curtain.types.ControllerInfo]) -> list[str]:
    return [controller.identifier for controller in controllers]


def test_a_pipeline_follows_moved_with_its_replies_in_order(cluster: Cluster, caplog: pytest.LogCaptureFixture) -> None:
    make_session(cluster, "a", "p1", "First")
    with cluster.nodes["a"].client(session="p1", timeout=10) as on_a:
        window = on_a.create_window(clock="manual", root="Nav=nav[Home]")
        on_a.create_controller("content", identifier="Detail")
    caplog.set_level(logging.DEBUG, logger="curtain")
    with cluster.nodes["b"].client(session="p1", timeout=10) as client:
        with client.pipeline() as pipe:
            before = pipe.list_controllers()
            made = pipe.create_controller("content", identifier="Second")
            # The push waits for the clock advanced after it: both are sent
            # again to a, in order, before either answer is waited for.
            push = pipe.push("Nav", "Detail", wait_until="completed")
            pipe.advance_clock(window, 0.1)
            pipe.advance_clock(window, 1)
            tree = pipe.get_tree(window)
            after = pipe.list_controllers()
        results = pipe.wait()
        assert [type(result) for result in results] == [
            list,
            curtain.types.ControllerInfo,
            curtain.types.OperationResult,
            curtain.types.ClockResult,
            curtain.types.ClockResult,
            curtain.types.Tree,
            list,
        ]
        assert "Second" not in identifiers(before.result())
        assert made.result().identifier == "Second"
        assert identifiers(after.result()) == [*identifiers(before.result()), "Second"]
        assert push.result().transition is not None
        assert [child.identifier for child in tree.result().root.children] == ["Home", "Detail"]
        assert client.connections == 2
        # Every request had gone to b before the first answer came back.
        assert moves(caplog) == [f"following MOVED: session p1 is on node a at {cluster.address('a')}"] * 7
        # Now the session is known to be a's: straight there.
        with client.pipeline() as pipe:
            listed = pipe.list_controllers()
        assert identifiers(listed.result()) == identifiers(after.result())
        assert len(moves(caplog)) == 7


def test_a_pipeline_over_sessions_of_two_nodes_keeps_each_session_in_order(
    cluster: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    make_session(cluster, "a", "p2", "A0")
    caplog.set_level(logging.DEBUG, logger="curtain")
    with cluster.nodes["b"].client(timeout=10) as client:
        with client.pipeline() as pipe:
            pipe.create_controller("content", identifier="A1", session="p2")
            pipe.create_controller("content", identifier="B1", session="p3")
            pipe.create_controller("content", identifier="A2", session="p2")
            pipe.list_controllers(session="p3")
            pipe.create_controller("content", identifier="B2", session="p3")
            pipe.list_controllers(session="p2")
        a1, b1, a2, listed_b, b2, listed_a = pipe.wait()
        assert [a1.identifier, b1.identifier, a2.identifier, b2.identifier] == ["A1", "B1", "A2", "B2"]
        assert identifiers(listed_b) == ["B1"]
        assert identifiers(listed_a) == ["A0", "A1", "A2"]
        assert moves(caplog) == [f"following MOVED: session p2 is on node a at {cluster.address('a')}"] * 3
        # A request added once an answer was read goes behind the
        # session's earlier ones, wherever they are by then.
        with client.pipeline() as pipe:
            first = pipe.create_controller("content", identifier="A3", session="p2")
            pipe.create_controller("content", identifier="B3", session="p3")
            pipe.create_controller("content", identifier="A4", session="p2")
            assert first.result().identifier == "A3"
            pipe.create_controller("content", identifier="A5", session="p2")
            listed = pipe.list_controllers(session="p2")
        assert identifiers(listed.result()) == ["A0", "A1", "A2", "A3", "A4", "A5"]
        assert identifiers(client.list_controllers(session="p3")) == ["B1", "B2", "B3"]
        assert client.connections == 2

    async def main() -> None:
        async with curtain.AsyncClient(cluster.nodes["b"].socket_path, timeout=10) as client:
            # Sent at once, answered MOVED by b, sent again to a in order.
            made = await asyncio.gather(
                *(client.create_controller("content", identifier=f"C{n}", session="p2") for n in range(1, 4)),
                client.create_controller("content", identifier="B4", session="p3"),
                client.list_controllers(session="p2"),
            )
            assert [info.identifier for info in made[:4]] == ["C1", "C2", "C3", "B4"]
            assert identifiers(made[4])[-3:] == ["C1", "C2", "C3"]

    asyncio.run(asyncio.wait_for(main(), 30))


def test_moved_to_a_node_that_does_not_answer_raises_session_moved(cluster: Cluster) -> None:
    make_session(cluster, "c", "s3", "OnC")
    with cluster.nodes["b"].client(timeout=10) as client:
        with pytest.raises(curtain.SessionMoved) as raised:
            client.list_controllers(session="s3")
        assert (raised.value.code, raised.value.session, raised.value.node) == (curtain.ErrorCode.MOVED, "s3", "c")
        assert isinstance(raised.value.__cause__, curtain.ConnectFailed)
        assert str(raised.value).startswith(
            f"MOVED (list_controllers): Session 's3' is on node c ({raised.value.address}) "
            f"(not followed: {raised.value.address} did not answer: "
        )
        assert client.connections == 1


def test_more_than_three_moved_answers_in_a_row_raise_session_moved(cluster: Cluster) -> None:
    make_session(cluster, "d", "s4", "OnD")
    with cluster.nodes["b"].client(timeout=10) as client:
        with pytest.raises(curtain.SessionMoved) as raised:
            client.create_controller("content", identifier="Never", session="s4")
        assert str(raised.value) == (
            f"MOVED (create_controller): Session 's4' is on node d ({cluster.address('b')}) "
            "(not followed: 3 MOVED answers were followed already)"
        )
        assert raised.value.details == {"session": "s4", "node": "d", "address": cluster.address("b"), "epoch": "1"}
        assert client.connections == 2

    async def main() -> None:
        async with curtain.AsyncClient(cluster.nodes["b"].socket_path, timeout=10) as client:
            with pytest.raises(curtain.SessionMoved, match="3 MOVED answers were followed already"):
                await client.list_controllers(session="s4")

    asyncio.run(asyncio.wait_for(main(), 30))
    with cluster.nodes["d"].client(session="s4") as on_d:
        assert [c.identifier for c in on_d.list_controllers()] == ["OnD"]


def test_list_nodes(cluster: Cluster) -> None:
    with cluster.nodes["a"].client() as client:
        listed = client.list_nodes()
    assert listed.answered_by == "a"
    assert [entry.node for entry in listed.nodes] == ["a", "b", "c", "d"]
    assert all(entry.alive for entry in listed.nodes)
    assert [entry.address for entry in listed.nodes][:2] == [cluster.address("a"), cluster.address("b")]
    assert listed.nodes[3].address == cluster.address("b")


def test_list_nodes_outside_a_cluster_is_refused(client: curtain.Client) -> None:
    with pytest.raises(curtain.ServerError) as raised:
        client.list_nodes()
    assert raised.value.code == curtain.ErrorCode.INVALID_ARGUMENT


@contextlib.contextmanager
def subscribed_through_b(
    postgres: Postgres, database: str, session: str
) -> Iterator[tuple[Cluster, curtain.Client, curtain.Window, curtain.Subscription]]:
    """Nodes a and b, and a client of b (session ``session``, made on a)
    subscribed, through a, to a window of it that delivered one event."""
    nodes = Cluster(postgres, database)
    try:
        nodes.start("a")
        nodes.start("b")
        make_session(nodes, "a", session, "Home")
        with nodes.nodes["b"].client(session=session, timeout=10) as client:
            window = client.create_window(clock="manual")
            sub = client.subscribe(window, categories=["window"])
            client.set_window_visible(window, False)
            assert texts([sub.next(timeout=5)]) == ["window.visible(false)"]
            yield nodes, client, window, sub
            sub.close()
    finally:
        nodes.stop()


def resumes_on_b(client: curtain.Client, window: curtain.Window, sub: curtain.Subscription) -> None:
    """After a reconnect, the subscription carries on on b, the client's
    own node, with no repeat."""
    client.reconnect()
    assert client.connections == 1
    client.set_window_visible(window, True)
    assert texts([sub.next(timeout=5)]) == ["window.visible(true)"]
    with pytest.raises(curtain.Timeout):
        sub.next(timeout=0.2)


def test_a_subscription_whose_node_died_resumes_where_its_session_went(postgres: Postgres) -> None:
    with subscribed_through_b(postgres, "failover", "f") as (nodes, client, window, sub):
        nodes.nodes["a"].kill()
        with pytest.raises(curtain.ConnectionClosed):
            sub.next(timeout=5)
        wait_for_owner(client, "f", "b", timeout=15)
        resumes_on_b(client, window, sub)


def test_a_subscription_whose_session_moved_away_resumes_on_its_new_node(postgres: Postgres) -> None:
    with subscribed_through_b(postgres, "fencing", "z") as (nodes, client, window, sub):
        # a sleeps past its lease: b takes the session over, and a, awake,
        # says goodbye to the subscribers of the session it lost.
        a = nodes.nodes["a"].process
        assert a is not None
        a.send_signal(signal.SIGSTOP)
        try:
            wait_for_owner(client, "z", "b", timeout=15)
        finally:
            a.send_signal(signal.SIGCONT)
        with pytest.raises(curtain.ConnectionClosed) as closed:
            sub.next(timeout=10)
        assert closed.value.reason == curtain.GoodbyeReason.MOVED
        assert closed.value.details == {"session": "z", "node": "b", "address": nodes.address("b"), "epoch": "2"}
        resumes_on_b(client, window, sub)
