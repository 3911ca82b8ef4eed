"""The autosave never calls the app (issue 24 §3): its writer thread posts AutosaveWritten,
and the app hands the outcome back to it; the title's state follows."""

from __future__ import annotations

import threading
from typing import Any

from textual.message import Message

from console.autosave import Autosave
from console.messages import AutosaveWritten


class Writer:
    """A persistence stand-in: runs the report in a thread of its own, as the writer does."""

    def __init__(self, error: str | None) -> None:
        self.error = error
        self.queued: list[Any] = []
        self.thread: threading.Thread | None = None

    def start_writer(self, report: Any) -> None:
        self.thread = threading.Thread(target=report, args=(self.error,), name="autosave")

    def queue(self, scene: Any) -> None:
        self.queued.append(scene)
        assert self.thread is not None
        self.thread.start()
        self.thread.join()


def test_the_writer_thread_posts_what_it_wrote_and_calls_nothing_else() -> None:
    posted: list[tuple[Message, str]] = []
    autosave = Autosave(lambda m: posted.append((m, threading.current_thread().name)))
    writer = Writer(error=None)
    autosave.queue(writer, "scene")
    assert writer.queued == ["scene"]
    assert autosave.state == "saving"  # until the app hands the outcome back
    [(message, thread)] = posted
    assert isinstance(message, AutosaveWritten) and message.error is None
    assert thread == "autosave"


def test_a_failed_write_is_posted_with_why() -> None:
    posted: list[Message] = []
    autosave = Autosave(posted.append)
    autosave.queue(Writer(error="disk full"), "scene")
    [message] = posted
    assert isinstance(message, AutosaveWritten) and message.error == "disk full"


def test_a_stopped_app_is_no_error_for_the_writer() -> None:
    def closed(message: Message) -> None:
        raise RuntimeError("Event loop is closed")

    Autosave(closed).written(None)  # the rest is written by Persistence.shutdown


def test_the_state_follows_each_outcome() -> None:
    autosave = Autosave(lambda m: None)
    autosave.settle(None, pending=True)
    assert autosave.state == "saving"
    autosave.settle(None, pending=False)
    assert autosave.state == "saved"
    autosave.settle("disk full", pending=False)
    assert autosave.state == "failed"
