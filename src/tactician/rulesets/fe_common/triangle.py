"""The weapon and magic triangles, shared by every Fire Emblem ruleset.

One set of families and "beats" pairs serves 000 (Tropera), 001 (fe-tabletop:
"If the weapon is superior, add +15% to the attack or if the opponent's weapon
is superior subtract -15% to your attack", L46, which never lists the members)
and 002. ``advantage`` says who is superior; each ruleset turns that into its
own numbers (001: hit only). ``triangle_accuracy`` is Tropera's reading, with
its S+ and Martial Artist hooks (they default to off).

Source: 000 "Attacking a target whose weapon or magic is at a disadvantage to
yours grants +15 Accuracy to the attack, while attacking a target with an
advantageous weapon imposes a -15 Accuracy penalty." and
"Weapons: Swords/Talons < Lances/Claws < Axes/Bite < Swords/Talons",
"Magic: Light < Anima < Dark < Light",
"Neutral: Bows, Staves, Martial Arts, Dragon's Breath, Performance".
"""

from __future__ import annotations

_FAMILY = {
    "sword": "sword",
    "talons": "sword",
    "lance": "lance",
    "claws": "lance",
    "axe": "axe",
    "bite": "axe",
    "light": "light",
    "anima": "anima",
    "dark": "dark",
}
# X < Y reads "Y beats X": lances beat swords, axes beat lances, swords beat axes;
# anima beats light, dark beats anima, light beats dark.
_BEATS = {
    "lance": "sword",
    "axe": "lance",
    "sword": "axe",
    "anima": "light",
    "dark": "anima",
    "light": "dark",
}
TRIANGLE_ACCURACY = 15


def family(weapon_type: str | None) -> str | None:
    """The triangle family of a weapon type, or None for neutral types."""
    return _FAMILY.get(weapon_type) if weapon_type else None


def advantage(attacker_type: str | None, defender_type: str | None) -> int:
    """+1 when the attacker's weapon is superior, -1 when the defender's is, else 0.

    Neutral types (bows, staves, knives, anything not in a family) give 0, as
    do two weapons of one family.
    """
    mine, theirs = family(attacker_type), family(defender_type)
    if mine is None or theirs is None or mine == theirs:
        return 0
    if _BEATS[mine] == theirs:
        return 1
    return -1 if _BEATS[theirs] == mine else 0


def triangle_accuracy(
    attacker_type: str | None,
    defender_type: str | None,
    *,
    attacker_s_plus: int = 0,
    defender_s_plus: int = 0,
    attacker_ignores: bool = False,
) -> int:
    """Accuracy change (+15, 0, -15) for an attack of ``attacker_type`` on a
    target wielding ``defender_type``.

    S+ effects (000 "S+ Rank"): "S+: You no longer have weapon triangle
    disadvantage with this weapon type"; "S+2: Your attacks with this weapon type
    gain weapon triangle advantage against the same weapon type. This effect
    cancels out against another unit with this benefit." Martial Artist: "Your
    attacks are not affected by the weapon triangle" (``attacker_ignores``).
    """
    if attacker_ignores:
        return 0
    mine, theirs = family(attacker_type), family(defender_type)
    if mine is None or theirs is None:
        return 0
    if mine == theirs:
        mine_adv = attacker_s_plus >= 2
        theirs_adv = defender_s_plus >= 2
        if mine_adv and not theirs_adv:
            return TRIANGLE_ACCURACY
        if theirs_adv and not mine_adv:
            return 0 if attacker_s_plus >= 1 else -TRIANGLE_ACCURACY
        return 0
    if _BEATS[mine] == theirs:
        return TRIANGLE_ACCURACY
    if _BEATS[theirs] == mine:
        return 0 if attacker_s_plus >= 1 else -TRIANGLE_ACCURACY
    return 0
