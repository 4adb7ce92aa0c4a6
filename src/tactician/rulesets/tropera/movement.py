"""How a Tropera unit moves over terrain: a grid ``MoveProfile`` per unit.

Source: 000 "Difficult Terrain: ... Entering a space of difficult terrain uses
2 movement instead of 1 (3 for characters with the Mounted feat), and cannot be
entered if the character doesn't have at least 2 movement left"; "Impassable
Terrain: ... entirely impassable unless the character has a feat that allows
them to cross"; Flying Mount / Manakete / Laguz: Bird / Anthropomorph (bird):
"unimpeded by difficult or impassible terrain other than interior walls";
"grounded with a -2 movement penalty during adverse weather"; Guerilla: "your
movement is unimpeded by difficult terrain, and you can cross impassible
terrain (other than cliffs and walls) as if it were difficult terrain"; Thief:
"can move through spaces occupied by enemy units"; Dash: "doubling your
movement distance for this turn".
"""

from __future__ import annotations

from functools import lru_cache

from tactician.grid.movement import MoveProfile, Step
from tactician.grid.terrain import TerrainType
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import has_feat, movement
from tactician.rulesets.tropera.terrain import terrain_set

DIFFICULT_NEED = 2  # "cannot be entered if the character doesn't have at least 2 movement left"
ADVERSE_WEATHER_PENALTY = 2


def is_flier(character: Character, transformed: bool) -> bool:
    """Flying Mount, or a bird laguz in beast form: grounded by adverse weather."""
    return has_feat(character, "Flying Mount") or (character.kind == "laguz-bird" and transformed)


def has_wings(character: Character, transformed: bool, adverse_weather: bool) -> bool:
    """Unimpeded by difficult and impassable terrain but interior walls."""
    if is_flier(character, transformed):
        return not adverse_weather
    if character.kind == "manakete":
        return True
    return character.kind == "laguz-bird" and has_feat(character, "Anthropomorph")


def base_movement(character: Character, transformed: bool, adverse_weather: bool) -> int:
    """The Movement stat this turn: 000 "Movement: How many spaces you can move per
    turn", less the "-2 movement penalty during adverse weather" for fliers."""
    value = movement(character, transformed)
    if adverse_weather and is_flier(character, transformed):
        value = max(0, value - ADVERSE_WEATHER_PENALTY)
    return value


def profile(
    character: Character, transformed: bool, adverse_weather: bool = False, dashed: bool = False
) -> MoveProfile:
    """The unit's movement profile for this turn (Dash doubles the movement).

    Remembered per character object (characters are immutable): the enemy AI
    asks for every unit's profile on every decision, and reading the feats
    costs far more than the search it feeds.
    """
    key = (id(character), transformed, adverse_weather, dashed)
    found = _PROFILES.get(key)
    if found is not None and found[0] is character:
        return found[1]
    built = _profile(character, transformed, adverse_weather, dashed)
    if len(_PROFILES) >= _PROFILES_LIMIT:
        _PROFILES.clear()  # atomic, unlike evicting one entry, if threads share it
    # the entry holds the character, so its id is not reused while the entry lives
    _PROFILES[key] = (character, built)
    return built


_PROFILES_LIMIT = 1024
_PROFILES: dict[tuple[int, bool, bool, bool], tuple[Character, MoveProfile]] = {}


def _profile(
    character: Character, transformed: bool, adverse_weather: bool, dashed: bool
) -> MoveProfile:
    mounted = has_feat(character, "Mounted") and not has_feat(character, "Flying Mount")
    wings = has_wings(character, transformed, adverse_weather)
    guerilla = has_feat(character, "Guerilla")
    moves = base_movement(character, transformed, adverse_weather) * (2 if dashed else 1)
    table = _terrain_table(mounted, wings, guerilla)
    return (
        table.with_movement(moves)
        if not has_feat(character, "Thief")
        else MoveProfile(moves, table.steps, table.default, pass_enemies=True)
    )


@lru_cache(maxsize=16)
def _terrain_table(mounted: bool, wings: bool, guerilla: bool) -> MoveProfile:
    """What each terrain takes from a unit with these traits (built once per kind)."""
    difficult = Step(3 if mounted else 2, DIFFICULT_NEED)

    def rule(terrain: TerrainType) -> Step | None:
        if wings:
            return None if terrain.has_tag("interior-wall") else Step(1)
        if terrain.has_tag("impassable"):
            blocked = terrain.has_tag("cliff") or terrain.has_tag("wall")
            return difficult if guerilla and not blocked else None
        if terrain.has_tag("difficult"):
            return Step(1) if guerilla else difficult
        cost = terrain.cost_for("mounted" if mounted else "default")
        return None if cost is None else Step(cost)

    return MoveProfile.from_terrain(terrain_set(), 0, rule)
