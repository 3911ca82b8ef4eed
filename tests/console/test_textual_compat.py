"""Each private Textual API the console uses (console/textual_compat.py) still does what the console
needs: after a Textual upgrade, this file says which one changed."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from console.textual_compat import (
    HeaderClockSpace,
    HeaderIcon,
    HeaderTitle,
    KeyFirstApp,
    KeyFirstInput,
    ToastRack,
    binding_chain,
    bindings_of,
    bound_to,
    character_to_key,
    idle_checks_every,
    keep_wide_characters_whole,
    notifications,
    on_repaint,
    screen_strips,
    select_prompts,
    set_bindings,
    suggestion,
    unnotify,
)


class Counter(Static, can_focus=True):
    BINDINGS = [Binding("x", "count('x')", "X"), Binding("x", "count('second')", "X2")]

    def __init__(self) -> None:
        super().__init__("", id="counter")
        self.seen: list[str] = []

    def action_count(self, what: str) -> None:
        self.seen.append(what)


class CounterApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Counter()
        yield Input(id="field", suggester=SuggestFromList(["attack", "apply"]))


class Modal(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("modal")


def test_bindings_of_is_a_nodes_own_keys_and_bound_to_reads_them_in_order() -> None:
    counter = Counter()
    assert isinstance(bindings_of(counter), BindingsMap)
    assert [b.action for b in bound_to(counter, "x")] == ["count('x')", "count('second')"]
    assert bound_to(counter, "y") == []


async def test_set_bindings_changes_what_a_key_does() -> None:
    app = CounterApp()
    async with app.run_test() as pilot:
        counter = app.query_one(Counter)
        counter.focus()
        await pilot.press("x")
        assert counter.seen == ["x"]  # the first binding of the key runs
        set_bindings(counter, BindingsMap([Binding("y", "count('y')", "Y")]))
        await pilot.press("x", "y")
        assert counter.seen == ["x", "y"]
        assert bound_to(counter, "x") == []


async def test_binding_chain_starts_at_the_focus_and_stops_at_a_modal() -> None:
    app = CounterApp()
    async with app.run_test() as pilot:
        counter = app.query_one(Counter)
        counter.focus()
        await pilot.pause()
        nodes = [node for node, _ in binding_chain(app.screen)]
        assert nodes[0] is counter
        assert app.screen in nodes and app in nodes
        assert all(isinstance(b, BindingsMap) for _, b in binding_chain(app.screen))
        await app.push_screen(Modal())
        await pilot.pause()
        nodes = [node for node, _ in binding_chain(app.screen)]
        assert nodes[-1] is app.screen and app not in nodes


async def test_notifications_lists_the_toasts_and_unnotify_takes_one_down() -> None:
    app = CounterApp()
    async with app.run_test(notifications=True) as pilot:
        app.notify("first")
        app.notify("second")
        await pilot.pause()
        shown = notifications(app)
        assert [n.message for n in shown] == ["first", "second"]
        unnotify(app, shown[0])
        await pilot.pause()
        assert [n.message for n in notifications(app)] == ["second"]


async def test_suggestion_is_what_the_suggester_proposes() -> None:
    app = CounterApp()
    async with app.run_test() as pilot:
        field = app.query_one("#field", Input)
        field.focus()
        assert suggestion(field) == ""
        await pilot.press("a", "t")
        await pilot.pause()
        await pilot.pause()
        assert suggestion(field) == "attack"


def test_character_to_key_names_typed_characters_as_textual_does() -> None:
    assert character_to_key("a") == "a"
    assert character_to_key(" ") == "space"
    assert character_to_key(".") == "full_stop"
    assert character_to_key(":") == "colon"


class FirstApp(KeyFirstApp):
    BINDINGS = [Binding("a", "bound('a')"), Binding("b", "bound('b')")]

    def __init__(self) -> None:
        super().__init__()
        self.log_: list[str] = []

    async def key_first(self, event: events.Key) -> None:
        self.log_.append(f"first {event.key}")
        if event.key == "b":
            event.prevent_default()

    def action_bound(self, key: str) -> None:
        self.log_.append(f"bound {key}")


async def test_key_first_app_sees_a_key_before_its_bindings_and_can_stop_them() -> None:
    app = FirstApp()
    async with app.run_test() as pilot:
        await pilot.press("a", "b")
        await pilot.pause()
        assert app.log_ == ["first a", "bound a", "first b"]


class FirstInput(KeyFirstInput):
    async def key_first(self, event: events.Key) -> None:
        if event.character == "z":
            event.stop()
            event.prevent_default()
            return
        await super().key_first(event)


class InputApp(App[None]):
    def compose(self) -> ComposeResult:
        yield FirstInput(id="first")


async def test_key_first_input_sees_a_key_first_and_inserts_the_others() -> None:
    app = InputApp()
    async with app.run_test() as pilot:
        field = app.query_one(FirstInput)
        field.focus()
        await pilot.press("a", "z", "b", "backspace", "c")
        await pilot.pause()
        assert field.value == "ac"


class HeaderApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HeaderIcon()
        yield HeaderTitle()
        yield HeaderClockSpace()


async def test_the_header_pieces_draw_an_icon_a_title_and_the_clock_space() -> None:
    app = HeaderApp()
    async with app.run_test() as pilot:
        title = app.query_one(HeaderTitle)
        title.update("Scene one", layout=False)
        await pilot.pause()
        assert "Scene one" in str(title.render())
        # console/widgets/title_bar.py's SIDES counts on these widths
        assert app.query_one(HeaderClockSpace).outer_size.width == 10
        assert app.query_one(HeaderIcon).outer_size.width == 8


async def test_a_mounted_toast_rack_shows_the_notifications() -> None:
    assert issubclass(ToastRack, Widget)
    app = CounterApp()
    async with app.run_test(notifications=True) as pilot:
        if not app.screen.query(ToastRack):
            await app.screen.mount(ToastRack())
        app.notify("hello")
        toasts: list[str] = []
        for _ in range(50):  # a loaded machine may take several refreshes to show it
            await pilot.pause(0.02)
            toasts = [
                str(toast.render())
                for rack in app.screen.query(ToastRack)
                for toast in rack.query("Toast")
            ]
            if any("hello" in text for text in toasts):
                break
        assert any("hello" in text for text in toasts), toasts


class SelectApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("top line", id="top")
        yield Select([("ten again", 10), ("nine again", 9)], id="again", allow_blank=False)


async def test_screen_strips_are_the_screen_as_the_terminal_shows_it() -> None:
    app = SelectApp()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        rows = [strip.text for strip in screen_strips(app.screen)]
        assert len(rows) == 6
        assert rows[0].startswith("top line")


async def test_select_prompts_are_the_options_in_order() -> None:
    app = SelectApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert select_prompts(app.query_one(Select)) == ["ten again", "nine again"]


async def test_on_repaint_is_called_when_a_widget_is_marked_for_repainting() -> None:
    app = SelectApp()
    async with app.run_test() as pilot:
        top = app.query_one("#top", Static)
        marked: list[str] = []
        on_repaint(top, lambda: marked.append("top"))
        await pilot.pause()
        assert marked == []
        top.update("another line")
        await pilot.pause()
        assert marked and set(marked) == {"top"}
        assert "another line" in str(top.render())


async def test_idle_checks_every_sets_how_often_pilot_looks_for_idle_and_restores_it() -> None:
    from textual import _wait

    before = (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE)
    with idle_checks_every(0.004):
        assert (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE) == (0.004, 0.0002)
        app = CounterApp()
        async with app.run_test() as pilot:
            counter = app.query_one(Counter)
            counter.focus()
            await pilot.press("x")  # the key is handled before press returns
            assert counter.seen == ["x"]
    assert before == (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE)


class EdgesApp(App[None]):
    """Two panes side by side (their edge at column 7) under a line of Chinese whose 按 sits on
    columns 6 and 7: the edge falls inside it, as the footer's and the demo toast's did."""

    CSS = """
    Screen { layers: base top; }
    #left { width: 7; }
    #right { width: 1fr; }
    #over { layer: top; width: 20; height: 1; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("", id="left")
            yield Static("", id="right")
        yield Static("示范：按 F1 查看", id="over")


def _painted(line: dict[int, object], width: int) -> str:
    """A terminal's row after each chop is written at its column (a partial update): writing
    over half of a double-width character blanks the other half."""
    cells = [" "] * width
    for x, strip in line.items():
        at = x
        for char in strip.text if strip is not None else "":  # type: ignore[attr-defined]
            if cells[at] == "":
                cells[at - 1] = " "
            cells[at] = char
            if cell_len(char) == 2:
                cells[at + 1] = ""
                at += 1
            at += 1
    return "".join(cells)


async def test_keep_wide_characters_whole_draws_a_character_over_an_edge_whole() -> None:
    keep_wide_characters_whole()
    app = EdgesApp()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        assert screen_strips(app.screen)[0].text.startswith("示范：按 F1 查看")
        compositor = app.screen._compositor
        chops = compositor._render_chops(compositor.size.region, lambda y: True)
        assert _painted(dict(chops[0]), 30).startswith("示范：按 F1 查看")
