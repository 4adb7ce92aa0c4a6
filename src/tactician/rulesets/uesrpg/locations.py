"""Hit locations and the body parts that can be crippled or lost.

Source: 003 "Hit locations — Determined by the ones digit of the attack roll
(or d10, count 10 as 0): 1-5 Body, 6 Right Leg, 7 Left Leg, 8 Right Arm, 9
Left Arm, 0 Head." and "Damage is reduced by the AR of the hit location
struck". Lost Body Part: "Attacks targeting a fully lost part hit the body
instead."
"""

from __future__ import annotations

from typing import Literal, get_args

Location = Literal["body", "right_leg", "left_leg", "right_arm", "left_arm", "head"]
LOCATIONS: tuple[Location, ...] = get_args(Location)
LIMBS: frozenset[Location] = frozenset({"right_leg", "left_leg", "right_arm", "left_arm"})

# Parts a wound or a condition can cripple or take away. 003 Lost Body Part sub-types:
# "Lost Ear", "Lost Eye", "Lost Foot-Leg", "Lost Hand-Arm", "Organ Damage".
BodyPart = Literal[
    "right_arm",
    "left_arm",
    "right_leg",
    "left_leg",
    "right_eye",
    "left_eye",
    "right_ear",
    "left_ear",
    "organs",
]
BODY_PARTS: tuple[BodyPart, ...] = get_args(BodyPart)
ARMS: tuple[BodyPart, BodyPart] = ("right_arm", "left_arm")
LEGS: tuple[BodyPart, BodyPart] = ("right_leg", "left_leg")
EYES: tuple[BodyPart, BodyPart] = ("right_eye", "left_eye")
EARS: tuple[BodyPart, BodyPart] = ("right_ear", "left_ear")
# 003 Shock effects, head: "Fail the shock test: also gain Lost Limb (head: Lost Eye or Lost Ear)"
HEAD_PARTS: tuple[BodyPart, ...] = ("right_eye", "left_eye", "right_ear", "left_ear")

SUB_TYPE: dict[BodyPart, str] = {
    "right_arm": "Lost Hand-Arm",
    "left_arm": "Lost Hand-Arm",
    "right_leg": "Lost Foot-Leg",
    "left_leg": "Lost Foot-Leg",
    "right_eye": "Lost Eye",
    "left_eye": "Lost Eye",
    "right_ear": "Lost Ear",
    "left_ear": "Lost Ear",
    "organs": "Organ Damage",
}

_BY_ONES: dict[int, Location] = {
    0: "head",
    1: "body",
    2: "body",
    3: "body",
    4: "body",
    5: "body",
    6: "right_leg",
    7: "left_leg",
    8: "right_arm",
    9: "left_arm",
}


def location_of(roll: int) -> Location:
    """The location named by the ones digit of ``roll`` (a d100 or a d10; "count 10 as 0")."""
    return _BY_ONES[roll % 10]


def struck_location(location: Location, lost: frozenset[str]) -> Location:
    """Where an attack aimed at ``location`` lands: "Attacks targeting a fully lost
    part hit the body instead." Only a limb can be fully lost (a head loses an eye
    or an ear, never itself)."""
    if location in LIMBS and location in lost:
        return "body"
    return location


def label(name: str) -> str:
    """A readable name: ``right_arm`` → ``right arm``."""
    return name.replace("_", " ")
