"""The stat line of 001: the six stats a level-up rolls for, in their dice order.

001 L13 "Each unit rolls 1d100 for each stat other than HP and Constitution" and
the worked example's six growths "80, 60, 40, 40, 20, 20" (L15): the GBA list
without HP and Con, with Strength and Magic as one power stat (``pow``, "Str/Mag",
ruling ``power_stat_combined``). The order (Str/Mag, Skl, Spd, Lck, Def, Res) is
the order of the dice for ``--rolls``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

GROWTH_STATS = ("pow", "skl", "spd", "lck", "def", "res")
LABELS = {"pow": "Str/Mag", "skl": "Skl", "spd": "Spd", "lck": "Lck", "def": "Def", "res": "Res"}


def _attr(name: str) -> str:
    if name not in GROWTH_STATS:
        raise KeyError(f"unknown stat {name!r}; stats are {', '.join(GROWTH_STATS)}")
    return "def_" if name == "def" else name


class StatLine(BaseModel):
    """Six numbers, one per growth stat (values, growth rates or carried remainders)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    pow: int = Field(default=0, ge=0)
    skl: int = Field(default=0, ge=0)
    spd: int = Field(default=0, ge=0)
    lck: int = Field(default=0, ge=0)
    def_: int = Field(default=0, ge=0, alias="def")
    res: int = Field(default=0, ge=0)

    @classmethod
    def of(cls, values: tuple[int, ...] | list[int]) -> StatLine:
        """From six numbers in ``GROWTH_STATS`` order."""
        if len(values) != len(GROWTH_STATS):
            raise ValueError(f"a stat line has {len(GROWTH_STATS)} numbers, not {len(values)}")
        return cls(**{_attr(n): v for n, v in zip(GROWTH_STATS, values, strict=True)})

    def get(self, name: str) -> int:
        return int(getattr(self, _attr(name)))

    def values(self) -> tuple[int, ...]:
        return tuple(self.get(n) for n in GROWTH_STATS)

    def with_values(self, **changes: int) -> StatLine:
        return self.model_copy(update={_attr(n): v for n, v in changes.items()})

    def plus(self, other: StatLine) -> StatLine:
        return StatLine.of([a + b for a, b in zip(self.values(), other.values(), strict=True)])
