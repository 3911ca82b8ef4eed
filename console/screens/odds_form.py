"""What the roll, check and attack dialogs share: any edit redraws the exact odds, Enter or the
primary button rolls, the other button closes (the odds are shown before any die is rolled)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.widgets import Button, Checkbox, Input, Select


class OddsForm:
    """A dialog whose fields feed an odds preview; ``SUBMIT`` names its primary button."""

    SUBMIT: ClassVar[str] = "roll"

    if TYPE_CHECKING:  # each dialog computes its odds, rolls and closes its own way

        def update_odds(self) -> None: ...
        def submit(self) -> None: ...
        def action_close(self) -> None: ...

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_odds()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.update_odds()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.update_odds()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == self.SUBMIT:
            self.submit()
        else:
            self.action_close()
