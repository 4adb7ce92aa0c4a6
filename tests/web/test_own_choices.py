"""A form's list of names is the unit's own (issue 29, "with the choices the rules allow
right now"): Miridon's charisma form offered every charisma skill of the compendium,
Stunning Scream first, which Sable lacks, so the form's first pick was refused."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_forms_choices import _bearer, _kinds, _open


def test_the_charisma_form_offers_only_the_units_own_skills(client: TestClient,
                                                            gm_token: str) -> None:
    tid, tokens, _ = _open(client, gm_token, "miridon/skirmish")
    gm = _bearer(tokens["gm"])
    begun = client.post(f"/t/{tid}/act", json={"seq": 0, "action": {"type": "begin"}},
                        headers=gm)
    assert begun.status_code == 200, begun.text
    for _ in range(12):  # each turn before Sable's ended (the GM ends a foe's too)
        sable = _kinds(client.get(f"/t/{tid}/choices/sable", headers=gm).json())["charisma"]
        said = str(sable["refused"] or "")
        if not said.startswith("it is "):
            break
        seq = client.get(f"/t/{tid}/state", headers=gm).json()["seq"]
        ended = client.post(f"/t/{tid}/act", json={"seq": seq, "action": {
            "type": "end_turn", "unit": said.split("'")[0][len("it is "):]}}, headers=gm)
        assert ended.status_code == 200, ended.text
    skills = next(k for k in sable["keys"] if k["name"] == "skill")["options"]
    # her units file: Taunt and False Weakness; the compendium lists seven more
    assert skills == ["Taunt", "False Weakness"], skills
    # the whole action is one the rules take: her first skill on a unit in sight
    assert sable["ready"]["skill"] == "Taunt" and sable["refused"] is None, sable
    # and the form picks from the legal values: both her skills, with that target
    assert sable["legal"]["skill"] == ["Taunt", "False Weakness"], sable["legal"]
