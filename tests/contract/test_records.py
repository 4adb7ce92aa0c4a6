"""``tactician.records``: a record's fields read alike whether it is a ``NamedTuple``
or a dataclass, and rulings of either kind switched and listed by name alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

import pytest

from tactician.errors import RulesError
from tactician.records import field_names, field_values, is_dataclass_type, replaced
from tactician.rulesets.contract.helpers import option_dict, option_specs
from tactician.rulesets.rulings import with_overrides


class TupleRulings(NamedTuple):
    crit_roll: Literal["same", "separate"] = "same"
    threshold: int = 60
    cap: int | None = None
    fog: bool = False


@dataclass(frozen=True)
class ClassRulings:
    crit_roll: Literal["same", "separate"] = "same"
    threshold: int = 60
    cap: int | None = None
    fog: bool = False


BOTH = (TupleRulings, ClassRulings)
NAMES = ("crit_roll", "threshold", "cap", "fog")


@pytest.mark.parametrize("kind", BOTH)
def test_fields_are_read_by_name_in_order_from_a_record_or_its_type(kind: type) -> None:
    record = kind(threshold=50)
    assert field_names(kind) == field_names(record) == NAMES
    assert field_values(record) == {"crit_roll": "same", "threshold": 50, "cap": None,
                                    "fog": False}


def test_what_is_not_a_record_has_no_fields() -> None:
    for other in ((1, 2), (), "text", 3, {"a": 1}, tuple, object()):
        assert field_names(other) == ()
        assert field_values(other) == {}


@pytest.mark.parametrize("kind", BOTH)
def test_a_replaced_record_is_a_new_one_of_the_same_kind(kind: type) -> None:
    record = kind()
    changed = replaced(record, {"fog": True, "cap": 3})
    assert type(changed) is kind
    assert (changed.fog, changed.cap, changed.threshold) == (True, 3, 60)
    assert (record.fog, record.cap) == (False, None)  # the original is untouched
    with pytest.raises(TypeError, match=f"{kind.__name__} has no field sideways"):
        replaced(record, {"sideways": 1})


@pytest.mark.parametrize("kind", BOTH)
def test_rulings_of_either_kind_are_switched_and_refused_alike(kind: type) -> None:
    switched = with_overrides(kind(), ["crit-roll=separate", "threshold=50", "cap=none",
                                       "fog=yes"])
    assert type(switched) is kind
    assert field_values(switched) == {"crit_roll": "separate", "threshold": 50, "cap": None,
                                      "fog": True}
    defaults = kind()
    assert with_overrides(defaults, []) == kind()
    with pytest.raises(RulesError, match="unknown option 'sideways=1'; options are: cap, "
                                         "crit_roll, fog, threshold"):
        with_overrides(defaults, ["sideways=1"])
    with pytest.raises(RulesError, match="option threshold takes a number of 0 or more"):
        with_overrides(defaults, ["threshold=-1"])
    with pytest.raises(RulesError, match="option crit_roll takes one of same, separate"):
        with_overrides(defaults, ["crit_roll=both"])


def test_rulings_of_either_kind_are_listed_alike() -> None:
    listed = [[(s.name, s.kind, s.default, s.values) for s in option_specs(kind, "battle")]
              for kind in BOTH]
    assert listed[0] == listed[1] == [
        ("crit_roll", "choice", "same", ("same", "separate")),
        ("threshold", "int", "60", ()),
        ("cap", "optional_int", "none", ()),
        ("fog", "bool", "false", ()),
    ]
    assert option_dict(TupleRulings(fog=True)) == option_dict(ClassRulings(fog=True))


def test_is_dataclass_type_agrees_with_dataclasses() -> None:
    from dataclasses import is_dataclass

    for kind in (ClassRulings, TupleRulings, tuple, dict, int):
        assert is_dataclass_type(kind) == is_dataclass(kind), kind
    assert is_dataclass_type(ClassRulings) and not is_dataclass_type(TupleRulings)
