"""A compendium answered from rows kept between runs is the compendium the contract
gives: every kind, every search here, every entry by name or key, and the same
refusals, for every ruleset (``tactician.table.compendium``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.table import compendium
from tactician.table.compendium_cache import kept

# none, one letter, letter case, a digit, an accent, a quote, nothing found
SEARCHES = (None, "a", "IRON", "1", "é", '"', "zzz no such text")


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("TACTICIAN_CACHE", raising=False)
    return tmp_path


def _refusal(call: Any) -> str:
    with pytest.raises(TacticianError) as refused:
        call()
    return str(refused.value)


def _out_of_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on the service cannot ask the contract: it must answer from the kept rows."""
    def refuse(ruleset_id: str) -> RulesetContract:
        raise AssertionError(f"the contract of {ruleset_id} was asked: a kept row was missed")

    monkeypatch.setattr(compendium, "contract", refuse)


def test_kept_rows_answer_as_the_contract(
    contract: RulesetContract, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not contract.info.has(Capability.COMPENDIUM):
        pytest.skip(f"{contract.id} has no compendium")
    rid = contract.id
    kinds = contract.compendium_kinds()
    assert compendium.kinds(rid) == kinds  # a miss: built by the contract, then kept
    for kind in kinds:
        compendium.entries(rid, kind)
    if kept(rid) is None:
        pytest.skip(f"{rid} is a plug-in: its contract answers itself")
    assert list(cache_dir.glob("compendium-rows/*.json"))
    _out_of_reach(monkeypatch)
    assert compendium.kinds(rid) == kinds
    for kind in kinds:
        for search in SEARCHES:
            assert compendium.entries(rid, kind, search) == contract.compendium_entries(
                kind, search), (kind, search)
        # a kind is found in any letter case, and an entry by its name or its key
        assert compendium.entries(rid, kind.upper()) == contract.compendium_entries(kind)
        known, rows = contract.compendium_rows(kind)
        assert known == kind
        for key, row in rows:
            for name in {key, str(row.get("name", key)), str(row.get("name", key)).upper()}:
                assert compendium.entry(rid, kind, name) == contract.compendium_entry(kind, name)


def test_refusals_are_the_contracts_words_kept_or_not(
    contract: RulesetContract, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not contract.info.has(Capability.COMPENDIUM):
        pytest.skip(f"{contract.id} has no compendium")
    rid = contract.id
    kind = contract.compendium_kinds()[0]
    name = str(contract.compendium_entries(kind)[0].get("name", "x"))
    asks: list[tuple[Any, Any]] = [
        (lambda: compendium.entries(rid, "no such kind"),
         lambda: contract.compendium_entries("no such kind")),
        (lambda: compendium.entry(rid, "no such kind", name),
         lambda: contract.compendium_entry("no such kind", name)),
        (lambda: compendium.entry(rid, kind, name + "x"),  # "did you mean" the name
         lambda: contract.compendium_entry(kind, name + "x")),
        (lambda: compendium.entry(rid, kind, "qqqq"),  # nothing close: every name
         lambda: contract.compendium_entry(kind, "qqqq")),
    ]
    missed = [_refusal(ours) for ours, _ in asks]  # the first asks build and keep
    assert missed == [_refusal(theirs) for _, theirs in asks]
    if kept(rid) is not None:
        _out_of_reach(monkeypatch)
    assert [_refusal(ours) for ours, _ in asks] == missed
    assert f"has no compendium kind 'no such kind'; kinds: {', '.join(compendium.kinds(rid))}" \
        in missed[0]
