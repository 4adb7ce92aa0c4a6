"""The choices the rules allow a unit right now, for the web table's action menus and
forms (issue 29, "every action by pointing").

Each kind of the ruleset's action schema (``rulesets.contract.actions``) becomes a
form: its keys, and for each key the values to pick from (the units in sight, the
reach tiles, the unit's items, the key's declared words). Whether a kind can be done
now, and which targets or tiles it takes, is not written a second time here: every
candidate action is tried on the rules' own ``apply`` (the procedure that resolves
it, on a throwaway seeded stream), on the battle as the asking side knows it
(``contract.side_state``), so a unit the side cannot see is neither a choice nor a
reason, and a choice shown is one the battle would take (or refuse only for what the
side cannot see, as ``table.side_asks`` says).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.source import SeededDice
from tactician.errors import TacticianError
from tactician.rulesets.contract.actions import ActionKey, ActionKind
from tactician.rulesets.registry import contract
from tactician.table.actions import checked, may_send, schema_of
from tactician.table.side_asks import UNREADABLE

MAX_TRIES = 2000  # candidate actions tried per answer: a bound on the work, not a rule
RADIUS = 6  # squares around the unit offered for a tile key beyond its reach
PROBES = ("zzprobe-a", "zzprobe-b")  # words that name nothing, for a key typed in
NUMBER_PROBES = (1, 7)  # two numbers, for a number typed in (refused alike: not why)
SAME_REFUSAL = 3  # the first values all refused in the same words: the value is not why
PICKED_ON_MAP = frozenset({"tile", "tiles"})
UNIT_KEYS = frozenset({"unit", "units"})
ITEM_KEYS = frozenset({"weapon", "item", "items"})
# fe-tabletop (001 L42) before the Player turn's d100s: no player has the turn, and a
# unit's action tried now would roll an order (on the throwaway stream: not the one the
# table will roll) and name it in its refusal. Every unit's kind is refused in these words,
# as ``web.commands.check_action`` refuses one sent
ORDER_DUE = ("the turn order is not rolled yet: the GM rolls it first; then the player it "
             "names acts")


def _items(unit: Mapping[str, Any]) -> list[str]:
    """The unit's weapons and items as its board entry lists them."""
    found: list[str] = []
    for entry in unit.get("inventory") or []:
        name = entry.get("item") if isinstance(entry, Mapping) else entry
        if isinstance(name, str) and name not in found:
            found.append(name)
    for key in ("equipped", "weapons", "items", "spells"):
        value = unit.get(key)
        for name in value if isinstance(value, list) else [value]:
            if isinstance(name, Mapping):
                name = name.get("name") or name.get("item")
            if isinstance(name, str) and name and name not in found:
                found.append(name)
    return found


# what a ``name`` key's ``of`` (or an item key) is listed under in the compendium
COMPENDIUM_OF = {"spell": ("spells",), "mech part": ("mech_parts",),
                 "charisma skill": ("skills",), "staff": ("weapons",),
                 "spell modifier": ("spell_modifiers",), "weapon": ("weapons",),
                 "item": ("items", "weapons"), "items": ("items", "weapons")}
MAX_LISTED = 80  # names offered from the compendium per key (a bound on the work)


def _compendium_names(ruleset: str, of: str) -> list[str]:
    rules_contract = contract(ruleset)
    names: list[str] = []
    try:
        kinds = rules_contract.compendium_kinds()
    except TacticianError:
        return names
    for part in COMPENDIUM_OF.get(of, ()):
        if part not in kinds:
            continue
        for row in rules_contract.compendium_entries(part):
            name = row.get("name")
            if isinstance(name, str) and name not in names:
                names.append(name)
    return names[:MAX_LISTED]


def _options(ruleset: str, key: ActionKey, unit: Mapping[str, Any] | None, board: Mapping[str, Any],
             reach: Mapping[str, Any] | None) -> list[Any] | None:
    """The values to pick ``key`` from (None: typed or ticked, not picked from a list)."""
    if key.kind in UNIT_KEYS:
        shown = [u for u in board["units"] if u.get("position") and not u.get("carried_by")]
        if unit is not None:  # the acting unit's foes first: a form's first target is a foe
            shown.sort(key=lambda u: u.get("side") == unit.get("side"))
        return [*key.values, *(u["id"] for u in shown)]
    if key.kind in PICKED_ON_MAP:
        tiles: list[list[int]] = []
        for part in ("move", "attack"):
            for tile in (reach or {}).get(part, []):
                if list(tile) not in tiles:
                    tiles.append(list(tile))
        for tile in _setup_area(board):  # where a unit is deployed, off the map or not
            if list(tile) not in tiles:
                tiles.append(list(tile))
        if unit is not None and unit.get("position"):
            # the squares around the unit, nearest first (a ruleset whose reach names
            # no tiles, as Miridon's straight-line moves): the rules sort them out
            x, y = unit["position"]
            ring = sorted(((dx, dy) for dx in range(-RADIUS, RADIUS + 1)
                           for dy in range(-RADIUS, RADIUS + 1)),
                          key=lambda d: (max(abs(d[0]), abs(d[1])), abs(d[0]) + abs(d[1])))
            for dx, dy in ring:
                tile = [x + dx, y + dy]
                if 0 <= tile[0] < board["width"] and 0 <= tile[1] < board["height"] \
                        and tile not in tiles:
                    tiles.append(tile)
        return tiles
    if key.kind in ITEM_KEYS:
        carried = _items(unit or {})
        if unit is not None and "inventory" not in unit:  # the board lists no pack
            carried += [n for n in _compendium_names(ruleset, key.kind) if n not in carried]
        return carried
    if key.kind in ("name", "names") and key.of:
        return _compendium_names(ruleset, key.of) or None
    if key.kind in ("choice", "choices"):
        return list(key.values)
    return None


def _setup_area(board: Mapping[str, Any]) -> list[Any]:
    """The set-up's deployment area while units may still be deployed (fe-classic, 002
    L14-17: "arranged in a designated area"), as the board gives it (``board.js`` rings
    the same tiles): a pool unit off the map has no reach to take its tiles from."""
    if board.get("stage") != "setup":
        return []
    area = (board.get("deployment") or {}).get("area")
    return list(area) if isinstance(area, list) else []


def _tries(rules: Any, ruleset: str, known: Any, action: Mapping[str, Any]) -> str | None:
    """None if the rules take ``action`` on ``known`` now, else their refusal."""
    try:
        rules.apply(known, checked(ruleset, action), SeededDice(0))
    except TacticianError as exc:
        return str(exc)
    except UNREADABLE:
        return "the rules cannot read this choice"
    return None


def _form(ruleset: str, kind: ActionKind, unit: Mapping[str, Any] | None, board: Mapping[str, Any],
          reach: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    keys: list[dict[str, Any]] = []
    for key in kind.keys:
        if key.name == "unit":  # the selected unit (or, for a table kind, none)
            continue
        shown = key.as_json()
        options = _options(ruleset, key, unit, board, reach)
        if options is not None:
            shown["options"] = options
        keys.append(shown)
    return keys


END_PHASE = "end_phase"


def table_kind(kind: ActionKind) -> bool:
    """The table's own kinds, whatever unit is selected: the phase's end, and those the
    GM sends naming any unit or none (fe-classic's ``start``, fe-tabletop's
    ``turn_order``, the ``begin`` roll-offs: "any unit (the roll is the table's)")."""
    actor = kind.key("unit")
    return kind.name == END_PHASE or (actor is not None and not actor.required
                                      and kind.sender == "gm")


def in_menu(kind: ActionKind, for_unit: bool, role: str) -> bool:
    """Whether ``kind`` is in a unit's menu (``for_unit``) or the table's, never both.
    A unit's menu holds every kind with a ``unit`` key but the table's own
    (``table_kind``: with a unit selected, the GM saw Start twice); the table's the
    kinds that name no unit and the table's own, and for a player only the phase's
    end, the one action a player sends without naming a unit
    (``web.commands.check_action``). A unit's own end of its Turn (UESRPG's and
    Miridon's ``end_turn``) is in its menu."""
    actor = kind.key("unit")
    if for_unit:
        return actor is not None and not table_kind(kind)
    if actor is not None and not table_kind(kind):  # a unit's (its own end of turn too)
        return False
    return role == "gm" or kind.name == END_PHASE


def choices(ruleset: str, rules: Any, state: Any, board: Mapping[str, Any],
            side: str | None, role: str, unit: str | None) -> dict[str, Any]:
    """Every kind ``role`` may send for ``unit`` (None: the kinds without an acting
    unit), each with its form and what the rules take now: ``legal`` (for each key
    picked from a list, the values the rules take with the other keys as in
    ``ready``), ``ready`` (a whole action the rules take, or None) and ``refused``
    (the rules' words for why not). A key with nothing to pick (a number, a word to
    type) is filled by the seat; such a kind is ``open`` (the rules check it when
    it is sent)."""
    rules_contract = contract(ruleset)
    schema = schema_of(ruleset)
    known = state if side is None else rules_contract.side_state(state, side)
    found = next((u for u in board["units"] if u["id"] == unit), None) if unit else None
    reach, off_map = _reach(rules_contract, state, board, found, side)
    stage = board.get("stage")
    budget = [MAX_TRIES]
    previews = rules_contract.preview_kinds()  # shown before they are sent (a heal)
    kinds: list[dict[str, Any]] = []
    for kind in schema.kinds:
        if kind.stage is not None and stage is not None and kind.stage != stage:
            continue
        if not may_send(ruleset, kind.name, "gm" if role == "gm" else "player"):
            continue
        if not in_menu(kind, found is not None, role):
            continue
        form = _form(ruleset, kind, found, board, reach)
        shown: dict[str, Any] = {"type": kind.name, "help": kind.help, "keys": form,
                                 "preview": kind.name in previews}
        kinds.append(shown)
        if found is not None and (board.get("order_due") or off_map):
            shown.update(ready=None, refused=off_map or ORDER_DUE, legal={})
            continue
        base: dict[str, Any] = {"type": kind.name}
        if found is not None:
            base["unit"] = found["id"]
        open_key = next((k["name"] for k in form if k["required"] and not k.get("options")
                         and k["kind"] != "flag"), None)
        if open_key is not None:
            # a word to type: tried on two words that name nothing; refused alike in
            # words naming neither, the kind is refused whatever is typed. A number is
            # tried on two numbers (a word there was refused as "got a text" alike, so
            # UESRPG's heal, an amount to type, was never offered)
            probed = [_tries(rules, ruleset, known, {**base, **{
                k["name"]: _wrapped(k, number if k["kind"] == "integer" else word)
                for k in form if k["required"] and not k.get("options")}})
                for word, number in zip(PROBES, NUMBER_PROBES, strict=True)]
            budget[0] -= len(PROBES)
            alike = probed[0] is not None and len(set(probed)) == 1 \
                and not any(word in str(probed[0]) for word in PROBES)
            shown.update(ready=None, refused=probed[0] if alike else None,
                         open=None if alike else open_key, legal={})
            continue
        for key in form:
            if key["required"] and key.get("options"):
                base[key["name"]] = _wrapped(key, key["options"][0])
        picks = [k for k in form if k.get("options")
                 and (k["required"] or k["kind"] in UNIT_KEYS | PICKED_ON_MAP)]
        first = dict(base)
        legal, said, base = _probe(rules, ruleset, known, form, picks, base, budget)
        fillers = _fillers(form, picks, base)
        if fillers:
            # the optional keys left out may be what some choice needs (Miridon's cast:
            # an Elemental Spell needs its element and some Spell Ghost HP): tried again with each
            # optional key at its first choice or its least number above 0, the units
            # picked first (a spell's range is the target's); a value either try takes
            # is offered
            aimed = sorted(picks, key=lambda k: k["kind"] not in UNIT_KEYS)
            again = _probe(rules, ruleset, known, form, aimed, {**first, **fillers}, budget,
                           fill=True)
            legal = {name: [*values, *[v for v in again[0].get(name, []) if v not in values]]
                     for name, values in legal.items()}
            if again[1] is None:
                said, base = again[1], again[2]
        shown["legal"] = legal
        shown["ready"] = base if said is None else None
        shown["refused"] = None if said is None else said
    return {"unit": unit, "kinds": kinds}


def _reach(rules_contract: Any, state: Any, board: Mapping[str, Any],
           found: Mapping[str, Any] | None, side: str | None
           ) -> tuple[Mapping[str, Any] | None, str | None]:
    """The unit's reach, and for a unit off the map that has none the rules' words for
    why (every kind of its menu refused in them, as its reach was: nothing is tried on a
    unit the rules cannot place). A unit off the map in a set-up with a deployment area
    (fe-classic's pool, 002 L14-17) has no reach and needs none: its tiles are the
    area's (``_setup_area``), and its kinds (deploy) are tried."""
    if found is None:
        return None, None
    if not found.get("position") and _setup_area(board):
        return None, None
    try:
        return rules_contract.board_view(state, found["id"], side)["reach"], None
    except TacticianError as exc:
        if found.get("position"):
            raise
        return None, str(exc)


def _fillers(form: Sequence[Mapping[str, Any]], picks: Sequence[Mapping[str, Any]],
             base: Mapping[str, Any]) -> dict[str, Any]:
    """Each optional key not picked and not in ``base`` at a value to try: its first
    choice (of a fixed list), or its least whole number above 0."""
    found: dict[str, Any] = {}
    for key in form:
        if key["required"] or key in picks or key["name"] in base:
            continue
        if key.get("options") and key["kind"] == "choice":  # not a name: a staff, an item
            found[key["name"]] = _wrapped(key, key["options"][0])
        elif key["kind"] == "integer":
            found[key["name"]] = max(1, int(key.get("minimum", 1) or 1))
    return found


def _probe(rules: Any, ruleset: str, known: Any, form: Sequence[Mapping[str, Any]],
           picks: Sequence[Mapping[str, Any]], base: dict[str, Any], budget: list[int],
           fill: bool = False) -> tuple[dict[str, list[Any]], str | None, dict[str, Any]]:
    """For each picked key, the values the rules take with the others as in ``base``
    (filled in as found; ``fill``: optional keys too); then whether the whole action
    is taken: (legal, the refusal or None, the action tried)."""
    base = dict(base)
    legal: dict[str, list[Any]] = {}
    for key in picks:
        values: list[Any] = []
        said_first: list[str | None] = []
        for value in key["options"]:
            if budget[0] <= 0:
                break
            budget[0] -= 1
            said = _tries(rules, ruleset, known, {**base, key["name"]: _wrapped(key, value)})
            if len(said_first) < SAME_REFUSAL:
                said_first.append(said)
                if len(said_first) == SAME_REFUSAL and said is not None \
                        and len(set(said_first)) == 1:
                    break  # refused whatever the value: no other value helps
            if said is None:
                values.append(value)
        legal[key["name"]] = values
        # an optional key is filled in ``ready`` only where nothing else is picked
        alone = not any(k["required"] for k in picks if k is not key)
        if values and (key["required"] or key["name"] in base or alone or fill):
            base[key["name"]] = _wrapped(key, values[0])
    budget[0] -= 1
    return legal, _tries(rules, ruleset, known, base), base


def _wrapped(key: Mapping[str, Any], value: Any) -> Any:
    """One picked value as the key takes it (a list key: a list of one)."""
    if key["kind"] in ("units", "items", "names", "choices"):
        return [value]
    if key["kind"] == "tiles":
        return [value]
    return value


def available(listed: Sequence[Mapping[str, Any]]) -> list[str]:
    """The kinds of a ``choices`` answer the rules take now (for tests and the AI's
    eye): those with a ready action."""
    return [str(k["type"]) for k in listed if k.get("ready") is not None]


def move_preview(ruleset: str, rules: Any, state: Any, side: str | None, unit: str,
                 to: Sequence[int]) -> dict[str, Any]:
    """The path and cost of moving ``unit`` to ``to`` as the rules would move it now
    (issue 29, "drag-to-move with the path and its cost"): the move tried on the battle
    as the seat's side knows it (a unit it cannot see neither blocks nor bends the path),
    nothing kept. Its ``path`` and ``spent`` (with ``left`` and ``ap`` where the rules
    count them) come from the move's own record, the one the log would hold; a move the
    rules refuse is refused in their words. Nothing else of the outcome is answered."""
    known = state if side is None else contract(ruleset).side_state(state, side)
    action = checked(ruleset, {"type": "move", "unit": unit, "to": [int(to[0]), int(to[1])]})
    try:
        _, outcome = rules.apply(known, action, SeededDice(0))
    except UNREADABLE:
        raise TacticianError("the rules cannot read this move") from None
    for record in outcome.records:
        if record.get("type") == "move" and record.get("unit") == unit and "spent" in record:
            found = {"path": record.get("path"), "spent": record["spent"],
                     "left": record.get("movement_left")}
            if "ap_spent" in record:
                found["ap"] = record["ap_spent"]
            for key in ("how", "facing"):  # Miridon: the movement action and the facing after
                if key in record:
                    found[key] = record[key]
            return found
    return {"path": None, "spent": None, "left": None}


def preview(ruleset: str, rules: Any, state: Any, side: str | None,
            action: Mapping[str, Any]) -> dict[str, Any]:
    """The forecast of any action the ruleset forecasts (a staff, a spell, a grapple: the
    procedure that resolves it, ``contract.battle_forecast``), as ``side`` can know it
    (issue 29, "previews for non-attack actions"). The action is first tried on the
    side's battle as its command would be, so an action the rules refuse now is
    answered in their words, before the forecast is asked anything."""
    from tactician.errors import RulesError

    known = state if side is None else contract(ruleset).side_state(state, side)
    shaped = checked(ruleset, action)
    said = _tries(rules, ruleset, known, shaped)
    if said is not None:
        raise RulesError(said)
    try:
        found: dict[str, Any] = contract(ruleset).battle_forecast(known, shaped, rules)
    except UNREADABLE:
        raise RulesError("the rules cannot read this choice") from None
    return found
