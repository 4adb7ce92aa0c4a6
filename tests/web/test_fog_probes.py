"""A curious player probing the fog (issue 25, holes 1 and 14): in every ruleset with
hidden information (fe-tabletop's and fe-classic's fog, UESRPG's Hidden, Miridon's
Veil), a battle played a random number of steps, then random probes from a player's
seat: a hidden unit's id or name in every field of every action kind, in forecasts
(both ways and as the weapon), reach and a unit's details. Each answer must be the
same status and the same bytes (so the same size) as the same probe with a made-up
word of the same length in its place (``helpers.answered_as_nothing``): nothing tells
the player whether the guess named someone."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tactician.engine.battle import Battle
from tactician.rulesets.registry import contract
from tactician.store import battles as store
from tactician.store.campaigns import create_campaign, get_campaign
from tactician.store.database import Database, open_database
from tactician.table.campaigns import open_battle, rules_for
from tactician.table.seats import new_gm_token
from tactician.web.app import create_app
from tests.web.helpers import DATA, ROOT, answered_as_nothing, store_battle

PARTY = "player"
CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
FIELD = DATA / "fe_classic_fog"
# the fields a probe puts a guessed word in: every key any ruleset's actions take
FIELDS = ("unit", "target", "targets", "weapon", "item", "ally", "with", "rescue", "carry",
          "partner", "to", "at", "spell", "skill", "stance", "facing", "note")


def _castle(db_url: str, _: Database) -> int:
    return store_battle(db_url, "fe-tabletop", CASTLE / "map.yaml",
                        [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)


def _field(db_url: str, db: Database) -> int:
    info = get_campaign(db, create_campaign(db, "probe fe-classic", "fe-classic", []).name)
    from tactician.table.campaigns import start_battle

    return start_battle(db, info, "fogged field", FIELD / "map.yaml",
                        [FIELD / "party.yaml", FIELD / "foes.yaml"], seed=5,
                        options=["fog_rules=tabletop"]).info.id


def _ambush(db_url: str, _: Database) -> int:
    a = DATA / "ambush"
    return store_battle(db_url, "uesrpg", ROOT / "examples/uesrpg/skirmish/map.yaml",
                        [a / "party.yaml", a / "foes.yaml"])


def _veiled(db_url: str, db: Database) -> int:
    """An enemy mage casting Possession under a Veil the party lost (004 L3273): it is
    kept out of the party's view while the spell is cast."""
    from tests.miridon.battle.helpers import act, battle, unit

    mage = unit("mage", "enemy", at=(6, 0), ghost=30, pools={"max_ghost": 40})
    mage = mage.model_copy(update={"name": "Morwen", "profile": mage.profile.model_copy(
        update={"skills": {"Veil": 5}})})
    state = battle(mage, unit("ogre", at=(1, 0)), unit("imp", at=(1, 2)))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Possession",
                              "ghost": 2, "target": "ogre"})
    state, _, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                      rolls=[6, 6, 1, 1, 6, 6, 1, 1])
    state, _, _ = act(state, {"type": "end_turn"})
    rules = rules_for("miridon", [])
    campaign = get_campaign(db, create_campaign(db, "probe miridon", "miridon", []).name)
    start = rules.dump_state(state)
    return store.create_battle(db, campaign, "veiled", Battle(
        ruleset="miridon", seed=11, start=start)).id


# ruleset -> (the battle, the player seats)
FOGGED: dict[str, tuple[Callable[[str, Database], int], list[dict[str, Any]]]] = {
    "fe-tabletop": (_castle, [{"name": "Ana", "units": ["eirika", "lute", "moulder"]},
                              {"name": "Ben", "units": ["kyle", "vanessa", "garcia"]}]),
    "fe-classic": (_field, [{"name": "Ana", "units": ["eirika"]},
                            {"name": "Bo", "units": ["seth"]}]),
    "uesrpg": (_ambush, [{"name": "Ana", "units": ["aela"]},
                         {"name": "Bo", "units": ["brand"]}]),
    "miridon": (_veiled, [{"name": "Ana", "units": ["ogre"]}, {"name": "Bo", "units": ["imp"]}]),
}


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


REGISTRIES = {
    "fe-tabletop": "tactician.rulesets.fe_tabletop.battle_registry",
    "uesrpg": "tactician.rulesets.uesrpg.action_registry",
    "miridon": "tactician.rulesets.miridon.battle.registry",
}
# the dispatchers, whose import registers every action
DISPATCHERS = ("tactician.rulesets.fe_tabletop.battle_actions",
               "tactician.rulesets.uesrpg.battle_service",
               "tactician.rulesets.miridon.battle.rules")


def _kinds(ruleset: str) -> tuple[list[str], list[str]]:
    """Every action kind of the ruleset and every key its actions take (its registry;
    fe-classic lists its own), with ``FIELDS``."""
    from importlib import import_module

    for module in DISPATCHERS:
        import_module(module)
    contract(ruleset).battle_rules([])  # loads the action modules
    if ruleset in REGISTRIES:
        registry = import_module(REGISTRIES[ruleset]).ACTIONS
        names: list[str] = registry.names()
        keys = {k for name in names for k in registry.entry(name).keys}
        return names, sorted((keys | set(FIELDS)) - {"type"})
    from tactician.rulesets.fe_classic.battle_actions import COMMANDS

    return [*COMMANDS, "deploy", "withdraw", "start", "end_phase"], list(FIELDS)


def _hidden_words(db: Database, battle: int, ruleset: str) -> list[str]:
    """The hidden units' ids and names that name no unit the party sees."""
    state = open_battle(db, battle).state
    seen = contract(ruleset).sight(state, PARTY)
    if seen is None:
        return []
    units = {u.id: u.name for u in state.units}
    visible = {w for u, n in units.items() if u in seen for w in (u, n)}
    return sorted({w for u, n in units.items() if u not in seen for w in (u, n)} - visible)


def _advance(client: TestClient, tid: str, gm: str, steps: int) -> None:
    """The GM plays ``steps`` phases: the engine's, or the party's ended at once."""
    for _ in range(steps):
        state = client.get(f"/t/{tid}/state", headers=_bearer(gm)).json()
        if state["board"]["result"] != "ongoing":
            return
        answer = client.post(f"/t/{tid}/enemy-phase", headers=_bearer(gm),
                             json={"seq": state["seq"]})
        if answer.status_code != 200:  # the party has the turn: end it
            client.post(f"/t/{tid}/act", headers=_bearer(gm),
                        json={"seq": state["seq"], "action": {"type": "end_phase"}})


@pytest.mark.parametrize("ruleset", sorted(FOGGED))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_hidden_units_word_is_answered_as_a_word_that_names_nothing(
        ruleset: str, data: st.DataObject) -> None:
    _in_a_fresh_store(ruleset, data)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(FOGGED))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_many_probes_of_many_battles_tell_nothing(ruleset: str, data: st.DataObject) -> None:
    _in_a_fresh_store(ruleset, data)


def _in_a_fresh_store(ruleset: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db_url = str(Path(folder) / "probe.sqlite")
        db = open_database(db_url)
        try:
            with TestClient(create_app(db)) as client:
                _probe(client, db, db_url, ruleset, data)
        finally:
            db.close()


def _probe(client: TestClient, db: Database, db_url: str, ruleset: str,
           data: st.DataObject) -> None:
    build, seats = FOGGED[ruleset]
    battle = build(db_url, db)
    opened = client.post("/gm/tables", json={"battle_id": battle, "seats": seats},
                         headers=_bearer(new_gm_token(db))).json()
    tid, tokens = opened["table"], {s: u.split("#", 1)[1] for s, u in opened["links"].items()}
    _advance(client, tid, tokens["gm"], data.draw(st.integers(0, 2), label="phases"))
    words = _hidden_words(db, battle, ruleset)
    assume(words)  # someone is still out of sight
    seat = data.draw(st.sampled_from(["p1", "p2", "spectator"]), label="seat")
    client.headers.update(_bearer(tokens[seat]))
    mine = seats[0 if seat != "p2" else 1]["units"]
    kinds, fields = _kinds(ruleset)
    for _ in range(12):
        word = data.draw(st.sampled_from(words), label="word")
        seq = client.get(f"/t/{tid}/state").json()["seq"]
        probe = data.draw(st.sampled_from(["act", "act", "act", "forecast", "reach",
                                           "unit"]), label="probe")
        if probe == "act":
            action: dict[str, Any] = {"type": data.draw(st.sampled_from(kinds)),
                                      "unit": data.draw(st.sampled_from(mine))}
            action[data.draw(st.sampled_from(fields), label="field")] = \
                data.draw(st.sampled_from([word, [word], [word, word]]), label="shape")
            answered_as_nothing(client, "POST", f"/t/{tid}/act",
                                {"seq": seq, "action": action}, [word])
        elif probe == "forecast":
            me = data.draw(st.sampled_from(mine))
            body = data.draw(st.sampled_from([{"unit": me, "target": word},
                                              {"unit": word, "target": me},
                                              {"unit": me, "target": me, "weapon": word}]))
            answered_as_nothing(client, "POST", f"/t/{tid}/forecast", body, [word])
        else:
            answered_as_nothing(client, "GET", f"/t/{tid}/{probe}/{word}", None, [word])


def test_the_miridon_probe_battle_hides_its_caster(db: Database, db_url: str) -> None:
    """The Veil battle above does hide the mage from the party (the probes need it)."""
    battle = _veiled(db_url, db)
    assert {"mage", "Morwen"} <= set(_hidden_words(db, battle, "miridon"))
