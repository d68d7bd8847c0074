"""What every game's actions share: how an action is declared with its text form, the actions
every game has (resigning, draws by agreement), and how a text is read back into an action.

An action is a frozen, hashable value whose ``str()`` is canonical and reads back:
``parse_action(str(a)) == a``. A game declares each action once, with its text::

    class Turn(Written, form="turn {square} {facing}"):
        square: str
        facing: str

    class End(Written, form="end", also=("pass", "done")):
        \"\"\"End the turn.\"\"\"

and reads player input with :func:`action_parser`: its words, and a reader for the rest that
raises the game's own error, saying what to write, for a text it does not know."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar, dataclass_transform

A = TypeVar("A")


@dataclass_transform(frozen_default=True)
class Written:
    """Base of a value written as text: each subclass becomes a frozen dataclass of the fields
    it declares. ``form`` is its text, a :meth:`str.format` template over those fields
    (``None``: the class writes its own ``__str__``); a class without fields is a word, and
    ``also`` lists other words that read as it."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]  # set by each subclass
    form: ClassVar[str | None] = None
    words: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(
        cls, form: str | None = None, also: tuple[str, ...] = (), **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        if form is not None:
            cls.form = form
        is_word = form is not None and not dataclasses.fields(cls)
        if also and not is_word:
            raise TypeError(f"{cls.__name__}: only an action without fields has other words")
        cls.words = (form, *also) if form is not None and is_word else ()

    def __str__(self) -> str:
        # Written once, kept beside the fields (equality, hashing and the form never read
        # it): a search reads the same actions' texts again and again.
        kept = self.__dict__
        text: str | None = kept.get("_text")
        if text is None:
            text = kept["_text"] = self.written()
        return text

    def written(self) -> str:
        """The text: ``form`` over the fields (a class without a form writes its own)."""
        if self.form is None:
            raise NotImplementedError(f"{type(self).__name__} has no text form")
        return self.form.format_map(vars(self))


class Resign(Written, form="resign"):
    """Give up the game (what becomes of the seat's pieces is the game's own rule)."""


class OfferDraw(Written, form="offer draw", also=("offer", "draw", "draw?", "draw offer")):
    """Offer a draw; the game waits for the other side's answer."""


class AcceptDraw(Written, form="accept draw", also=("accept",)):
    """Accept the draw offered: the game ends drawn."""


class DeclineDraw(Written, form="decline draw", also=("decline", "refuse draw", "refuse")):
    """Decline the draw offered: play goes on."""


def action_parser(words: Iterable[type[Written]], read: Callable[[str], A]) -> Callable[[str], A]:
    """A game's ``parse_action``: the text, white space folded, is one of the ``words`` (in
    any case), or what ``read`` makes of it; ``read`` raises the game's ``InvalidNotation``,
    which says what to write, for a text it does not know."""
    table: dict[str, Any] = {word: action() for action in words for word in action.words}

    def parse_action(text: str) -> A:
        """Read an action written by a player or by ``str(action)``."""
        raw = " ".join(text.split())
        action = table.get(raw.lower())
        return read(raw) if action is None else action

    return parse_action
