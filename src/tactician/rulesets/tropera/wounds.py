"""Critical wounds: what reaching 0 HP does to a unit.

Source: 000 "When a character is reduced to 0 hit points, they are Critically
Wounded, and a countdown begins, counting down at the beginning of each round.
If the character is not healed before the timer expires, the character is
Crippled for the remainder of the battle." and the table "1st 2 Rounds, 2nd 1
Round, 3rd 0 Rounds, 4th Crippled"; "A Crippled character suffers a -10
penalty to their Hit, Avoid, Critical, and Critical Avoid for the remainder of
the map, and, if their player has any alternate characters, cannot participate
in the next battle".
"""

from __future__ import annotations

from tactician.counted import counted
from tactician.rulesets.tropera.battle_state import Unit

COUNTDOWN = {1: 2, 2: 1, 3: 0}  # times wounded -> rounds


def reduce_to_zero(unit: Unit) -> tuple[Unit, str]:
    """The unit has just been reduced to 0 HP.

    Enemy units (those with a tier) are defeated and leave the map: 000's wound
    rules speak of player characters ("if their player has any alternate
    characters"), a ruling (docs/rulings.md).
    """
    if unit.tier is not None:
        return unit.model_copy(update={"position": None, "countdown": None}), "defeated"
    times = unit.times_wounded + 1
    countdown = COUNTDOWN.get(times)
    if countdown is None:
        # "The fourth time a character is reduced to 0 hit points on a single map they
        # are automatically Crippled."
        return unit.model_copy(
            update={"times_wounded": times, "countdown": None, "crippled": True}
        ), "crippled (fourth critical wound)"
    return unit.model_copy(
        update={"times_wounded": times, "countdown": countdown}
    ), f"critically wounded: countdown {counted(countdown, 'round')}"


def round_starts(unit: Unit) -> tuple[Unit, str | None]:
    """Count the countdown down; when it has run out, the unit is Crippled."""
    if unit.hp > 0 or unit.countdown is None:
        return unit, None
    if unit.countdown == 0:
        return unit.model_copy(update={"countdown": None, "crippled": True}), (
            f"{unit.name} was not healed in time and is Crippled"
        )
    left = unit.countdown - 1
    return unit.model_copy(update={"countdown": left}), (
        f"{unit.name}'s critical wound countdown: {counted(left, 'round')} left"
    )


def healed(unit: Unit, amount: int) -> Unit:
    """Healing a critically wounded unit stops the countdown; 000: "A character who
    has been healed from a critical wound may move, but not take any main or bonus
    actions on the same turn that they are healed." """
    new_hp = min(unit.max_hp, unit.hp + amount)
    update: dict[str, object] = {"hp": new_hp}
    if unit.hp == 0 and new_hp > 0:
        update.update({"countdown": None, "healed_this_turn": True})
    return unit.model_copy(update=update)
