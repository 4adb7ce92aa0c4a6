"""A battle where each of Miridon's action kinds applies (``Examples.actions``): the
skirmish at the dry dock (seed 1: Wren, Sable, Brann, Rill, Mauler, Kessa take their
turns in that order) and the haunted shore of part 3 (seed 2: the Husk, Rill inside the
Training Frame, Gogo the Vessel, the Frame), a unit moved or given the flair, special
or skill the kind needs, a trap laid, a grapple held, then the kind's example from the
action schema. The mech's spells use a Warden Frame with a Spell Core piloted by Rill
(``examples/miridon/actions/warden.yaml``). The conformance kit plays each on seeded
and physical dice, in text and ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tactician.rulesets.contract.values import ActionCase, ExampleBattle

BEGIN = {"type": "begin"}
END = {"type": "end_turn"}


def turns(count: int) -> tuple[dict[str, Any], ...]:
    """The battle begun and ``count`` turns passed."""
    return (BEGIN, *([END] * count))


def arrange(at: Mapping[str, tuple[int, int]] | None = None,
            profile: Mapping[str, Mapping[str, Any]] | None = None,
            fields: Mapping[str, Mapping[str, Any]] | None = None,
            traps: Sequence[Mapping[str, Any]] = ()) -> Callable[[Any], Any]:
    """The start with units moved (``at``), given flairs, specials, skills or talents
    (``profile``: added to the unit's own), other fields changed (``fields``), and
    ``traps`` laid."""

    def changed(state: Any) -> Any:
        from tactician.rulesets.miridon.battle.state import Trap

        units = []
        for unit in state.units:
            update = dict((fields or {}).get(unit.id, {}))
            if unit.id in (at or {}):
                update["position"] = at[unit.id]  # type: ignore[index]
            if unit.id in (profile or {}):
                own = unit.profile
                given = profile[unit.id]  # type: ignore[index]
                update["profile"] = own.model_copy(update={
                    "flairs": (*own.flairs, *given.get("flairs", ())),
                    "specials": {**own.specials, **given.get("specials", {})},
                    "skills": {**own.skills, **given.get("skills", {})},
                    "talents": {**own.talents, **given.get("talents", {})}})
            units.append(unit.model_copy(update=update) if update else unit)
        laid = tuple(Trap(**t) for t in traps)
        return state.model_copy(update={"units": tuple(units), "traps": (*state.traps, *laid)})

    return changed


def cases(skirmish: ExampleBattle) -> tuple[ActionCase, ...]:
    return (*_skirmish_cases(skirmish), *_spirit_cases(skirmish))


def _skirmish_cases(dock: ExampleBattle) -> tuple[ActionCase, ...]:
    wrens = turns(0)  # Wren (1, 5), a rifle, has the first turn
    sables, branns, rills, maulers = turns(1), turns(2), turns(3), turns(4)
    held = arrange(at={"mauler": (4, 2)}, fields={"mauler": {"grappling": ("brann",)},
                                                   "brann": {"grappled_by": "mauler"}})
    near = arrange(at={"mauler": (4, 3)})  # next to Sable at (3, 3)
    worm = arrange(profile={"mauler": {"flairs": ("Death Worm Body", "Death Worm Burrow")}})
    return (
        ActionCase("begin", dock),
        ActionCase("end_turn", dock, before=wrens),
        ActionCase("move", dock, before=wrens),
        ActionCase("turn", dock, before=wrens),
        ActionCase("restore_strength", dock, before=wrens),
        ActionCase("restore_speed", dock, before=wrens),
        ActionCase("attack", dock, before=wrens),
        ActionCase("second_attack", dock, before=(*rills, {"type": "attack", "unit": "rill",
                                                           "target": "wren"})),
        ActionCase("third_attack", dock, before=(*rills, {"type": "attack", "unit": "rill",
                                                          "target": "wren"},
                                                 {"type": "second_attack", "unit": "rill"}),
                   arrange=arrange(profile={"rill": {"flairs": ("Third Attack",)}})),
        ActionCase("redouble", dock, before=(*sables, {"type": "attack", "unit": "sable",
                                                       "target": "mauler"}), arrange=near),
        # seed 89: Rill's first shot is a critical hit, which Rapid Fire follows (L2398)
        ActionCase("rapid_fire", replace(dock, seed=89),
                   before=(*rills, {"type": "attack", "unit": "rill", "target": "wren"}),
                   arrange=arrange(profile={"rill": {"flairs": ("Rapid Fire Gun Attack",)}})),
        ActionCase("block", dock, before=branns),
        ActionCase("shield_block", dock, before=(*branns, {"type": "block", "unit": "brann"})),
        ActionCase("reload", dock, before=wrens),
        ActionCase("quick_reload", dock, before=wrens,
                   arrange=arrange(profile={"wren": {"flairs": ("Quick Reload",)}})),
        ActionCase("grapple", dock, before=maulers, arrange=arrange(at={"mauler": (4, 2)})),
        ActionCase("grapple_attack", dock, before=maulers, arrange=held),
        ActionCase("break_grapple", dock, before=branns, arrange=arrange(
            at={"mauler": (4, 2)}, fields={"mauler": {"grappling": ("brann",)},
                                           "brann": {"grappled_by": "mauler",
                                                     "grappled_blocks": 2}})),
        ActionCase("release", dock, before=maulers, arrange=held),
        ActionCase("bullet_hell", dock, before=rills,
                   arrange=arrange(profile={"rill": {"specials": {"Bullet Hell": 4}}})),
        ActionCase("healing_word", dock, before=branns, arrange=arrange(
            profile={"brann": {"specials": {"Healing Word": 2}}}, fields={"sable": {"hp": 30}})),
        ActionCase("guidance", dock, before=branns,
                   arrange=arrange(profile={"brann": {"specials": {"Guidance": 2}}})),
        ActionCase("charisma", dock, before=sables, arrange=near),
        ActionCase("arm_trap", dock, before=rills, arrange=arrange(
            traps=({"id": "snare", "damage": "2d6", "carried_by": "rill"},))),
        ActionCase("disarm_trap", dock, before=rills, arrange=arrange(
            traps=({"id": "snare", "damage": "2d6", "position": (9, 5), "armed": True},))),
        # the Mauler stands on sand at (8, 2): Death Worm Burrow (L1518)
        ActionCase("burrow", dock, before=maulers, arrange=worm),
        ActionCase("surface", dock, before=(*maulers, {"type": "burrow", "unit": "mauler"},
                                            *([END] * 6)), arrange=worm),
        # an Unarmed melee hit this block (its pool, as an attack that hit leaves it, L1466)
        ActionCase("eldritch_strike", dock, before=maulers, arrange=arrange(
            profile={"mauler": {"flairs": ("Eldritch Blast", "Eldritch Strike")}},
            fields={"mauler": {"pools": {"unarmed_hit_block": 1}}})),
    )


def _spirit_cases(dock: ExampleBattle) -> tuple[ActionCase, ...]:
    """The haunted shore: the Husk, Rill (inside the Frame), Gogo, the Frame."""
    spirits = dock.units[0].parents[1] / "spirits"
    shore = replace(dock, name="spirits", units=(spirits / "casters.yaml",
                                                  spirits / "haunted.yaml"), seed=2)
    gogos = turns(1)  # the Husk's; Rill's passes (inside, it acts through the parts, M32)
    cast = {"type": "cast_spell", "unit": "gogo", "spell": "Elemental Spell", "ghost": 10,
            "target": "husk", "element": "fire"}
    channel = {"type": "channel_spell", "unit": "gogo"}
    next_block = (END, END, END)  # Gogo's, the Frame's, the Husk's turns (Rill's passes)
    charged = (*gogos, cast, channel, *next_block, channel, *next_block, channel)
    # 1 Spell Ghost HP invested, the points of Gogo's next move drain it to 0 (L3259): the
    # spell is threatened, and Recover Ghost Power answers at once or never (L2507-2509)
    threatened = (*gogos, {**cast, "ghost": 1},
                  {"type": "move", "unit": "gogo", "to": [2, 2], "how": "sidestep"})
    frames = turns(2)
    warden = replace(shore, name="warden", units=(
        _actions_folder(dock) / "warden.yaml", spirits / "haunted.yaml"))
    core = "Warden Frame Spell Core"
    wardens = turns(1)  # the Husk's (Rill's passes: inside, it acts through the parts)
    next_round = (END, END)  # the Warden's, the Husk's
    mech_cast = {"type": "mech_cast", "unit": "warden", "part": core,
                 "spell": "Elemental Spell", "ghost": 5, "target": "husk", "element": "fire"}
    return (
        ActionCase("cast_spell", shore, before=gogos),
        ActionCase("channel_spell", shore, before=(*gogos, cast)),
        ActionCase("cancel_spell", shore, before=(*gogos, cast)),
        ActionCase("recover_ghost_power", shore, before=threatened),
        ActionCase("let_spell_lapse", shore, before=threatened),
        ActionCase("veil", shore, before=(*gogos, cast, *next_block)),
        ActionCase("activate_spell", shore, before=charged),
        ActionCase("echo_spell", shore, before=(*charged, {"type": "activate_spell",
                                                           "unit": "gogo"}),
                   arrange=arrange(fields={"husk": {"hp": 200},  # it outlives the first
                                           "gogo": {"strength": 30}},  # and pays twice
                                   profile={"gogo": {"flairs": ("Echo Spell",)}})),
        ActionCase("dragon_breath", shore, before=gogos, arrange=arrange(
            at={"husk": (3, 3)}, profile={"gogo": {"flairs": ("Dragon Breath",)}})),
        ActionCase("teleport", shore, before=(BEGIN,),
                   arrange=arrange(profile={"husk": {"specials": {"Teleport": 2}}})),
        ActionCase("mech_attack", shore, before=frames, arrange=arrange(at={"husk": (6, 3)})),
        ActionCase("mech_move", shore, before=frames),
        ActionCase("exit_mech", shore, before=frames),
        ActionCase("enter_mech", shore, before=(*frames, {"type": "exit_mech", "unit": "frame",
                                                          "to": [5, 4]}, END)),
        ActionCase("mech_cast", warden, before=wardens),
        ActionCase("mech_channel", warden, before=(*wardens, mech_cast, *next_round)),
        ActionCase("mech_activate", warden, before=(
            *wardens, mech_cast, *(step for _ in range(3) for step in (
                *next_round, {"type": "mech_channel", "unit": "warden", "part": core})),
            *next_round)),
    )


def _actions_folder(dock: ExampleBattle) -> Path:
    return dock.units[0].parents[1] / "actions"
