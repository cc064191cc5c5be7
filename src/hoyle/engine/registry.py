"""Games declared as data: a registry of rulesets with their options, defaults and sources."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..cards import Shuffler
from ..errors import InvalidDeal, UnknownGame, UnknownOption

if TYPE_CHECKING:
    from .table import Table

__all__ = ["Game", "GameSpec", "Option", "game", "game_specs", "games", "register"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One option of a game: its name, default, the values it takes and what it means."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, game: str, value: Any) -> Any:
        """The value, validated; raises :class:`UnknownOption` naming the valid values."""
        if self.choices is not None:
            if value not in self.choices:
                valid = ", ".join(repr(c) for c in self.choices)
                raise UnknownOption(f"{game}: option {self.name}={value!r} is not one of: {valid}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise UnknownOption(f"{game}: option {self.name} takes True or False, not {value!r}")
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise UnknownOption(f"{game}: option {self.name} takes a whole number, not {value!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise UnknownOption(
                    f"{game}: option {self.name}={value} is out of range {self.minimum}..{self.maximum}"
                )
            return value
        return value

    def describe(self) -> str:
        if self.choices is not None:
            values = " | ".join(str(c) for c in self.choices)
        elif isinstance(self.default, bool):
            values = "true | false"
        elif isinstance(self.default, int):
            values = f"{self.minimum}..{self.maximum}"
        else:
            values = "any"
        return values


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A game's declaration: name, title, source texts, options and the table class that plays it."""

    name: str
    title: str
    source: str
    options: tuple[Option, ...]
    table_class: Callable[..., Table]
    aliases: tuple[str | tuple[str, Mapping[str, Any]], ...] = ()
    """Other names; an alias may carry options: ``("american whist", {"code": "american-1893"})``."""
    doc: str = ""
    validate: Callable[[Mapping[str, Any]], None] | None = None
    """Checks options together (raises UnknownOption naming the clash)."""
    money: bool = False
    """Whether the scores are money (pence, counters, chips, with the pot, pool or board): their sum never changes
    (:mod:`hoyle.testing` checks it).  Otherwise they are points, not conserved."""
    pack_size: Callable[[Mapping[str, Any]], int] | None = None
    """The number of cards in play, from the game's options (``None``: whatever ``places()`` shows at the start)."""
    exposes_hands: bool = False
    """Whether a whole hand may lie face up (Dummy; a misère ouverte, an abondance déclarée): the views' ``exposed``."""
    max_actions: Callable[[Mapping[str, Any]], int] | None = None
    """A generous bound on the actions of one sitting, from the options (``None``: 20,000): a sitting that goes on
    beyond it does not end."""
    rules_bot: str | None = None
    """Where the game's rules-of-thumb bot is (``"hoyle.bots.solo_rules:SoloRulesBot"``), if it has one: ``bots.make(
    "rules", game)`` imports it then.  (Every game has the random bot; the search bot plays the whist family.)"""
    seats: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    """The seats' names from the game's options, in the order of play (``lambda o: ("N", "E", "S", "W")``): what a
    lobby shows before a table is made.  ``None``: those of a table made with the options (:mod:`hoyle.testing`
    checks that a table has the seats its spec names)."""
    variants: tuple[Mapping[str, Any], ...] = ()
    """Option sets worth checking besides the defaults (:mod:`hoyle.testing`, ``tests/test_conformance.py``).  A
    ``players`` key holding a list of names goes to ``table(players=...)``; any other key is an option."""
    option_map: Mapping[str, Option] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_map", MappingProxyType({o.name: o for o in self.options}))


class Game:
    """A ruleset with its options, immutable.  Make one with :func:`hoyle.game`."""

    __slots__ = ("_options", "spec")
    spec: GameSpec
    _options: Mapping[str, Any]

    def __init__(self, spec: GameSpec, options: Mapping[str, Any]) -> None:
        resolved = {o.name: o.default for o in spec.options}
        for name, value in options.items():
            opt = spec.option_map.get(name) or ENGINE_OPTIONS.get(name)
            if opt is None:
                valid = ", ".join([*spec.option_map, *ENGINE_OPTIONS]) or "none"
                raise UnknownOption(f"{spec.name} has no option {name!r}; its options are: {valid}")
            resolved[name] = opt.check(spec.name, value)
        for name, opt in ENGINE_OPTIONS.items():  # kept only when set, so records and reprs stay as they were
            if resolved.get(name, opt.default) == opt.default:
                resolved.pop(name, None)
        if spec.validate is not None:
            spec.validate({k: v for k, v in resolved.items() if k not in ENGINE_OPTIONS})
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "_options", MappingProxyType(resolved))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Game is immutable")

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        return self  # immutable

    def __reduce__(self) -> tuple[object, tuple[str, dict[str, Any]]]:
        return (_make, (self.spec.name, dict(self._options)))

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option with its value (defaults filled in)."""
        return self._options

    def __getitem__(self, option: str) -> Any:
        return self._options[option]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.spec.name == other.spec.name and dict(self._options) == dict(other._options)

    def __hash__(self) -> int:
        return hash((self.spec.name, tuple(sorted((k, repr(v)) for k, v in self._options.items()))))

    def __repr__(self) -> str:
        changed = {
            k: v for k, v in self._options.items() if (self.spec.option_map.get(k) or ENGINE_OPTIONS[k]).default != v
        }
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"hoyle.game({self.name!r}{args})"

    def table(
        self,
        *,
        players: list[str] | None = None,
        seed: int | None = None,
        deal: Mapping[str, Any] | None = None,
        shuffler: Shuffler | None = None,
    ) -> Table:
        """A new sitting.

        ``seed`` makes it reproducible (``None`` shuffles with the OS CSPRNG);
        ``shuffler`` overrides both; ``deal`` gives the first deal's hands;
        ``players`` names the candidates in order of arrival.
        """
        from ..cards import shuffler as make_shuffler

        if deal is not None:
            _check_deal_form(deal)
        try:
            t = self.spec.table_class(
                self, shuffler=shuffler if shuffler is not None else make_shuffler(seed), players=players, deal=deal
            )
        except (TypeError, KeyError, AttributeError, IndexError):
            if deal is None:
                raise
            # A given deal whose parts are of a kind the game's code did not foresee: said plainly (issue 14).
            raise InvalidDeal(
                f"given deal: not a deal of {self.name}: its parts are not of the kinds the game takes"
            ) from None
        if deal is not None:
            t._given = True  # its first deal was given, not drawn: the record says so (docs/records.md)
        return t

    # ------------------------------------------------------------------ research (docs/research.md)

    @property
    def num_actions(self) -> int:
        """The size of the game's fixed action space (strict mode; law mode has none)."""
        from ..research import space

        return space(self).size

    def action_id(self, action: Any) -> int:
        """The id of ``action`` (an Action or its text) in the game's action space."""
        from ..research import space

        return space(self).action_id(action)

    def action_of(self, i: int) -> Any:
        """The Action of id ``i`` (a draw or exchange by places needs the table: ``t.action_of_id(i)``)."""
        from ..research import space

        return space(self).action_of(i)

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of ``t.observation(seat)``: one float32 vector; its layout is ``hoyle.research.layout(g)``."""
        from ..research import layout

        return (layout(self).size,)


ENGINE_OPTIONS: dict[str, Option] = {
    "episode": Option(
        name="episode",
        default="sitting",
        choices=("sitting", "deal"),
        doc="'deal' ends the sitting when its first deal is settled: per-deal episodes for research (docs/research.md)",
    ),
}
"""Options every game takes, handled by the engine rather than the game's rules."""


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_deal_form(deal: Any) -> None:
    """Refuse a given deal whose parts are not of the kinds every game takes, in words (no Python internals)."""
    if not isinstance(deal, Mapping):
        raise InvalidDeal(f"a given deal is a mapping of its parts ('dealer', 'hands', ...), not {_shown(deal)}")
    cards = 'cards, e.g. "AS KS 2C"'
    kinds = {"dealer": "a seat", "turned": "a card", "widow": cards, "cards": cards}
    for key, kind in kinds.items():
        value = deal.get(key)
        if value is not None and not isinstance(value, str):
            raise InvalidDeal(f"given deal: '{key}' is text ({kind}), not {_shown(value)}")
    hands = deal.get("hands")
    if "hands" in deal and (
        not isinstance(hands, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in hands.items())
    ):
        example = '{"N": "AS KS QS ..."}'
        raise InvalidDeal(
            f"given deal: 'hands' maps each seat to its cards as text, e.g. {example}, not {_shown(hands)}"
        )


_REGISTRY: dict[str, GameSpec] = {}
_ALIASES: dict[str, tuple[str, Mapping[str, Any]]] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (each game module does this on import)."""
    _REGISTRY[spec.name] = spec
    for alias in spec.aliases:
        name, opts = (alias, {}) if isinstance(alias, str) else alias
        _ALIASES[name] = (spec.name, opts)
    return spec


def _load() -> None:
    import importlib

    importlib.import_module("hoyle.rulebook")  # registers every game


def games() -> list[str]:
    """Names of every registered game."""
    _load()
    return sorted(_REGISTRY)


def game_specs() -> list[GameSpec]:
    """Every registered game's declaration, by name."""
    _load()
    return [_REGISTRY[n] for n in sorted(_REGISTRY)]


def _make(name: str, options: dict[str, Any]) -> Game:
    return game(name, **options)


def game(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown names and options fail at once, listing the valid ones."""
    _load()
    key = name.strip().lower() if isinstance(name, str) else name
    if key in _ALIASES:
        key, implied = _ALIASES[key]
        options = {**implied, **options}
    spec = _REGISTRY.get(key)
    if spec is None:
        raise UnknownGame(str(name), _REGISTRY)
    return Game(spec, options)
