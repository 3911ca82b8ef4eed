"""Issue 27 §4: ``serve`` on a port something already listens on says so at once, with a free
port to try, and exits 2 (usage) before printing any address — in the table's language."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.cli import main
from console.player.serve import free_port_after, port_in_use


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A loopback port with a listener on it for the test's length."""
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield listener.getsockname()[1]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", r"port {port} is in use; try --port (\d+)"),
        ("zh", r"端口 {port} 已被占用；试试 --port (\d+)"),
        ("zh-Hant", r"連接埠 {port} 已被佔用；試試 --port (\d+)"),
    ],
)
def test_serve_on_a_busy_port_names_a_free_one_and_exits_2(
    busy_port: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    argv = ["serve", "--save-dir", str(tmp_path), "--port", str(busy_port), "--lang", lang]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "", "no address printed"
    found = re.fullmatch(said.format(port=busy_port) + "\n", err)
    assert found is not None, err
    assert int(found.group(1)) > busy_port
    assert not port_in_use("127.0.0.1", int(found.group(1)))


def test_a_port_is_in_use_only_while_something_listens(busy_port: int) -> None:
    assert port_in_use("127.0.0.1", busy_port)
    free = free_port_after("127.0.0.1", busy_port)
    assert free is not None and not port_in_use("127.0.0.1", free)
