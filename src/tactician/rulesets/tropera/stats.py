"""Tropera's eight rolled stats and the rank ladder.

Source: 000 "players have 35 points they may assign to Hit Points, Strength,
Magic, Skill, Speed, Luck, Defense, and Resistance" and "Ranks go from D to S+4".
"""

from __future__ import annotations

from typing import Literal

Stat = Literal["hp", "str", "mag", "skl", "spd", "lck", "def", "res"]
STATS: tuple[Stat, ...] = ("hp", "str", "mag", "skl", "spd", "lck", "def", "res")
STAT_NAMES: dict[Stat, str] = {
    "hp": "HP",
    "str": "Str",
    "mag": "Mag",
    "skl": "Skl",
    "spd": "Spd",
    "lck": "Lck",
    "def": "Def",
    "res": "Res",
}

Rank = Literal["D", "C", "B", "A", "S", "S+1", "S+2", "S+3", "S+4"]
RANKS: tuple[Rank, ...] = ("D", "C", "B", "A", "S", "S+1", "S+2", "S+3", "S+4")


def rank_index(rank: str) -> int:
    """D=0 ... S=4, S+1=5 ... S+4=8. ``S+`` is read as ``S+1``."""
    normalized = "S+1" if rank == "S+" else rank
    return RANKS.index(normalized)
