"""The command line (``:``): the console language of INTERFACE.md §3 with completion of
commands and names, history on up/down, and the reason for a refused command shown inline."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Static

from console.keymap import COMMAND_LINE_KEYS, bindings_for, localize
from console.messages import CommandRequested
from console.textual_compat import character_to_key, suggestion
from console.widgets.ordered_input import OrderedInput
from engine.limits import MAX_LINE

SPEND_KINDS: tuple[str, ...] = (
    "free",
    "swift",
    "reflex",
    "move",
    "standard",
    "full-round",
    "one-round",
)

ARGUMENT_WORDS: dict[str, tuple[str, ...]] = {
    "scene": ("new", "ih-d10", "ih-d6", "mist"),
    "add": ("init=", "mod=", "dex=", "com=", "health=", "willpower=", "pc", "npc"),
    "join": ("init=", "mod=", "dex=", "com=", "health=", "willpower=", "pc", "npc"),
    "spend": SPEND_KINDS,
    "delay": ("after", "next-round"),
    "effect": ("rounds=", "by="),
    "phase": ("establish", "action", "consequence", "next"),
    "challenge": ("limits=", "from=", "count=", "save", "hidden"),
    "profile": ("limits=", "tags=", "statuses=", "threat=", "consequence=", "note=", "drop"),
    "threat": ("challenge=", "drop"),
    "conclusion": ("supports=", "contradicts="),
    "ww": ("--dc", "--bonus", "--penalty", "--willpower", "by=", "hidden"),
    "roll": (
        "ih-d10",
        "ih-d6",
        "mist",
        "--again",
        "--level",
        "--bonus",
        "--penalty",
        "--untrained",
        "--dc",
        "--willpower",
        "--interpret",
    ),
}
"""Words each verb takes after it, offered by completion."""

WORDS_FIRST: tuple[str, ...] = ("scene", "roll", "phase", "ww")
"""Verbs whose first word is one of their own words, not a name. After any verb's first word
its own words come before names: ``spend Ann s`` completes to ``swift``, not to Shade."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What completion offers: the verbs of the scene's family and the names in the scene."""

    verbs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _quoted(name: str) -> str:
    """A name as the command line reads it back (``Ann "Axe"`` → ``"Ann \\"Axe\\""``)."""
    from engine.language import quote

    return quote(name)


def _in_quotes(name: str) -> str:
    """A name completed after an opening quote: always quoted, escaped as :func:`_quoted`."""
    quoted = _quoted(name)
    return quoted if quoted.startswith('"') else f'"{quoted}"'


def complete(value: str, vocabulary: Vocabulary) -> str | None:
    """The whole line with its last word completed, or ``None`` when nothing fits.

    The first word completes from the verbs; later words from the names in the scene and the
    words the verb takes (names first for the verb's first word, its own words after it).
    Names with spaces are completed quoted. A line over the command line's limit gets none: it
    will be refused by its length (issue 30), and splitting it first would cost seconds.
    """
    if not value or value.endswith(" ") or len(value) > MAX_LINE:
        return None
    open_quote = value.count('"') % 2 == 1
    if open_quote:
        head, _, partial = value.rpartition('"')
        prefix_text, partial = head, partial
        candidates = [_in_quotes(name) for name in vocabulary.names]
        start = '"' + partial
    else:
        try:
            tokens = shlex.split(value)
        except ValueError:
            return None
        if not tokens:
            return None
        start = value.rsplit(" ", 1)[-1]
        prefix_text = value[: len(value) - len(start)]
        if len(tokens) == 1 and not prefix_text.strip():
            candidates = list(vocabulary.verbs)
        else:
            verb = tokens[0].lower()
            verb = "ww" if verb.lstrip(".。．").startswith("ww") else verb  # .ww, .ww5a8
            words = list(ARGUMENT_WORDS.get(verb, ()) + vocabulary.extra.get(verb, ()))
            names = [_quoted(name) for name in vocabulary.names]
            position = len(tokens) - 1  # the word being completed: 1 is the verb's first
            first_is_name = position == 1 and verb not in WORDS_FIRST
            candidates = names + words if first_is_name else words + names
    lowered = start.lower()
    bare = lowered.lstrip('"')
    for candidate in candidates:
        if candidate.lower().lstrip('"').startswith(bare) and candidate.lower() != lowered:
            return prefix_text + candidate
    return None


def _whole_word(value: str, vocabulary: Vocabulary) -> bool:
    """Whether the line's last word is already a whole verb or name (nothing left to complete)."""
    if not value or value.endswith(" "):
        return False
    last = value.rsplit(" ", 1)[-1].strip('"').lower()
    return any(last == word.lower() for word in vocabulary.verbs + vocabulary.names)


def pasted_commands(text: str) -> tuple[list[str], bool]:
    """The command lines of a paste, and whether the last one ended with a line break (it is
    run too; a last line without one is left typed). Blank lines are dropped; a line whose quote
    is still open goes on with the next, joined by a blank (a note of two paragraphs copied from
    the group chat is one command); a tab is a blank."""
    lines: list[str] = []
    pending = ""
    for line in text.replace("\t", " ").splitlines():
        line = "".join(char for char in line if char.isprintable() or char == "\u3000").strip()
        if not line:
            continue
        pending = f"{pending} {line}" if pending else line
        if pending.count('"') % 2 == 0 and pending.count("“") <= pending.count("”"):
            lines.append(pending)
            pending = ""
    if pending:
        lines.append(pending)
    return lines, text.endswith(("\n", "\r")) and not pending


class _LineSuggester(Suggester):
    def __init__(self, owner: CommandLine) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.owner = owner

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.owner.vocabulary)


class CommandLineInput(OrderedInput):
    """The text field: tab or → accepts the completion; ↑/↓ walk the history.

    Not named ``CommandInput``: a CSS type selector matches the class name, so Textual's
    palette field of that name took this field's style (height 1, padding) and this field took
    the palette's (``border: blank``) once the palette had been opened: both had no room left
    for their text (issue 18).
    """

    DEFAULT_CSS = """
    CommandLineInput { border: none; height: 1; padding: 0 1; background: $panel; }
    CommandLineInput:focus { border: none; }
    """

    BINDINGS = bindings_for(COMMAND_LINE_KEYS)

    def on_mount(self) -> None:
        localize(self)

    def action_history(self, step: int) -> None:
        owner = self.parent
        if isinstance(owner, CommandLine):
            self.value = owner.history_step(step, self.value)
            self.cursor_position = len(self.value)

    _completed = False
    """The last key completed a whole word: the next word typed gets a space before it."""

    async def key_first(self, event: events.Key) -> None:
        owner = self.parent
        if isinstance(owner, CommandLine) and self.screen is self.app.screen:
            # ``screen.focused``, not ``has_focus``: the latter follows a Focus message later
            focused = self.screen.focused is self
            if event.key == "enter" and focused:
                # Submitted here, in the order typed (issue 12): not by a message handled after
                # the keys typed behind the Enter, which then landed in this line or ran as
                # hotkeys once it closed.
                event.stop()
                event.prevent_default()
                self._completed = False
                owner.submit(self.value)
                return
            if not focused and event.character in (":", "："):
                # Typed while the line still had the focus, for a next command of the same
                # burst: it opens the line again, as it would have from the scene.
                event.stop()
                event.prevent_default()
                owner.open()
                return
            if not focused and self.screen.focused is None:
                event.stop()
                event.prevent_default()
                self.screen.post_message(events.Key(event.key, event.character))
                return
        completed, self._completed = self._completed, False
        if (
            completed
            and event.is_printable
            and event.character != " "
            and self.has_focus
            and self.cursor_position == len(self.value)
        ):
            # ``no`` ⇥ ``老`` is ``note 老``, not ``note老``; a space typed after ⇥ stays single.
            self.insert_text_at_cursor(" ")
        await super().key_first(event)

    def _on_paste(self, event: events.Paste) -> None:
        """Several lines pasted at once run one command a line, in order, as if typed with ⏎
        after each (README: the command line): the keys go through the app's key gate, so a
        command that switches the scene has the next one run where it is typed. One line is
        only put in the field, as a paste into any field."""
        lines, last_run = pasted_commands(event.text)
        if len(lines) < 2:
            super()._on_paste(event)
            return
        event.stop()
        event.prevent_default()
        typed = "\n:".join(lines) + ("\n" if last_run else "")
        for character in typed:
            key = "enter" if character == "\n" else character_to_key(character)
            self.app.post_message(events.Key(key, "\r" if character == "\n" else character))

    def action_complete(self) -> None:
        owner = self.parent
        proposed = suggestion(self)
        if isinstance(owner, CommandLine) and self.cursor_position == len(self.value):
            # worked out now, not the suggester's last answer: in a fast burst (``damage 梅⇥2``)
            # the suggester had not yet seen the last characters typed, and ⇥ did nothing
            proposed = complete(self.value, owner.vocabulary) or ""
            if not proposed and _whole_word(self.value, owner.vocabulary):
                self._completed = True  # ``damage 安⇥3``: the name is whole; 3 gets its space
                return
        if proposed:
            self.value = proposed
            self.cursor_position = len(self.value)
            self._completed = not self.value.endswith("=")

    def action_close(self) -> None:
        owner = self.parent
        if isinstance(owner, CommandLine):
            owner.close()


class CommandLine(Vertical):
    """The command line with its inline error, always shown; ``:`` puts the focus in it."""

    DEFAULT_CSS = """
    CommandLine { height: auto; background: $panel; }
    CommandLine > #command-error { color: $error; padding: 0 1; height: auto; }
    CommandLine > #command-error.-empty { display: none; }
    """

    def __init__(self, placeholder: str = "", **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.vocabulary = Vocabulary()
        self.history: list[str] = []
        self._history_index = 0
        self._draft = ""
        self._placeholder = placeholder

    def compose(self) -> ComposeResult:
        yield CommandLineInput(
            placeholder=self._placeholder,
            suggester=_LineSuggester(self),
            id="command-input",
            select_on_focus=False,
        )
        yield Static("", id="command-error", classes="-empty", markup=False)

    @property
    def input(self) -> CommandLineInput:
        return self.query_one(CommandLineInput)

    @property
    def is_open(self) -> bool:
        return self.screen.focused is self.input

    def open(self, text: str = "") -> None:
        """Show the line and focus it, optionally prefilled (a key that needs arguments)."""
        self.show_error(None)
        self.input.value = text
        self.input.cursor_position = len(text)
        self._history_index = len(self.history)
        # Focus now, not after a refresh: keys typed right after ':' must reach the line,
        # never the screen's single-letter bindings.
        self.screen.set_focus(self.input)

    def close(self) -> None:
        """Clear the line and hand the focus back to the screen's main pane, at once: the next
        key of a burst already goes where the focus is now."""
        self.show_error(None)
        self.input.value = ""
        home = getattr(self.screen, "home", None)
        self.screen.set_focus(home() if callable(home) else None)
        self.post_message(self.Closed())

    class Closed(Message):
        """The command line gave the focus back (the screen focuses its main pane)."""

    def show_error(self, reason: str | None) -> None:
        """Show why the last command was refused, under the line (``None`` clears it)."""
        error = self.query_one("#command-error", Static)
        error.update(reason or "")
        error.set_class(not reason, "-empty")
        if reason and len(self.input.value) > MAX_LINE:
            # A line over the limit (a stray paste) is refused by its length and not kept in the
            # field, where selecting it or any key typed costs Textual a pass over all of it (a
            # third of a second at 10 MB, issue 30); ↑ brings it back from the history.
            self.input.value = ""
        elif reason:
            # The refused line stays for editing, selected, so typing a new command replaces it.
            self.input.select_all()

    def history_step(self, step: int, current: str) -> str:
        """The history entry ``step`` away from the one shown (the draft after the newest)."""
        if self._history_index == len(self.history):
            self._draft = current
        self._history_index = max(0, min(len(self.history), self._history_index + step))
        if self._history_index == len(self.history):
            return self._draft
        return self.history[self._history_index]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit(event.value)

    def submit(self, value: str) -> None:
        """Run the line now (Enter): the screen handles the command before the next key."""
        # A vim-style leading ':' (an input method's '：') typed into the open line is the
        # opener, not the command.
        text = value.strip().lstrip(":：").strip()
        if not text:
            self.close()
            return
        if not self.history or self.history[-1] != text:
            self.history.append(text)
        self._history_index = len(self.history)
        message = CommandRequested(text, source="command-line")
        handler = getattr(self.screen, "on_command_requested", None)
        if callable(handler):
            handler(message)
        else:
            self.post_message(message)
