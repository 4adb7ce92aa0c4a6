"""Every name the data refers to resolves, and the flair prerequisite graph is acyclic."""

from __future__ import annotations

import networkx as nx

from tactician.rulesets.miridon.compendium import Compendium

MUTATIONS = {"Dragon", "Eldritch Beast", "Death Worm"}  # L1361, L1457, L1485


def flair_graph(comp: Compendium) -> nx.DiGraph:
    graph = nx.DiGraph()
    for flair in comp.flairs.values():
        graph.add_node(flair.name)
        for item in flair.prerequisites:
            if item.kind == "flair":
                graph.add_edge(item.target, flair.name)
    return graph


def test_flair_prerequisite_graph_is_acyclic(comp: Compendium) -> None:
    graph = flair_graph(comp)
    assert nx.is_directed_acyclic_graph(graph)
    # the deepest chain: Greater Third Attack needs five flairs (L741)
    assert len(nx.ancestors(graph, "Greater Third Attack")) == 5


def test_flair_prerequisites_resolve(comp: Compendium) -> None:
    names = {f.casefold() for f in comp.flairs}
    for flair in comp.flairs.values():
        for item in flair.prerequisites:
            if item.kind == "flair":
                assert item.target.casefold() in names, (flair.name, item.target)
            elif item.kind == "talent":
                assert comp.talent(item.target).name == item.target
            elif item.kind == "special":
                assert comp.special(item.target).name == item.target
            elif item.kind == "mutation":
                assert item.target in MUTATIONS
            else:
                comp.character_class(item.target)


def test_grants_resolve(comp: Compendium) -> None:
    for flair in comp.flairs.values():
        for grant in flair.grants:
            if grant.action:
                assert grant.action.casefold() in comp.actions, (flair.name, grant.action)
            if grant.attack_modifier:
                assert grant.attack_modifier.casefold() in comp.attack_modifiers
            if grant.spell_modifier:
                assert grant.spell_modifier.casefold() in comp.spell_modifiers
        for action in flair.actions:
            assert action.casefold() in comp.actions or action.casefold() in comp.spell_modifiers
        for spell in flair.spells:
            assert spell.casefold() in comp.spells, (flair.name, spell)
    for special in comp.specials.values():
        for action in special.grants:
            assert action.casefold() in comp.actions, (special.name, action)
        for klass in special.classes:
            comp.character_class(klass)


def test_modifier_and_action_references_resolve(comp: Compendium) -> None:
    for mod in comp.attack_modifiers.values():
        comp.flair(mod.requires_flair)
        assert all(a.casefold() in comp.actions for a in mod.actions)
        assert all(x.casefold() in comp.attack_modifiers for x in mod.excludes)
        assert all(comp.flair(t.flair) for t in mod.cost_with)
    for smod in comp.spell_modifiers.values():
        if smod.requires_flair:
            comp.flair(smod.requires_flair)
        assert all(s.casefold() in comp.spells for s in smod.spells or ())
        assert all(x.casefold() in comp.spell_modifiers for x in smod.excludes)
    for action in comp.actions.values():
        for tier in action.cost_with:
            comp.flair(tier.flair)
        if action.skill:
            comp.skill(action.skill)
        req = action.requires
        if req is not None:
            if req.flair:
                comp.flair(req.flair)
            if req.talent:
                comp.talent(req.talent)
            if req.special:
                comp.special(req.special)


def test_class_references_resolve(comp: Compendium) -> None:
    for klass in comp.classes.values():
        if klass.special:
            assert comp.special(klass.special).classes == (klass.name,)
        for skill in klass.class_skills:
            comp.skill(skill)


def test_insanity_table_is_complete_and_chains_end(comp: Compendium) -> None:
    """Rows cover every roll from "10 or less" to "100 or more" once; every effect is
    defined; an Increase Roll always moves up, so a chain always ends (L3146)."""
    rows = sorted(comp.insanity_table.values(), key=lambda r: r.roll_max or 10**6)
    assert rows[0].roll_min is None and rows[0].roll_max == 10
    assert rows[-1].roll_min == 100 and rows[-1].roll_max is None
    middle = [r.roll_min for r in rows[1:-1]]
    assert middle == list(range(11, 100))
    for row in rows:
        assert row.effect.casefold() in comp.insanity_effects, row.name
        if row.effect == "Increase Roll":
            assert row.severity in {"1d6", "2d6", "3d6"}
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.effect] = counts.get(row.effect, 0) + 1
    assert counts["Increase Roll"] == 17 and counts["Spell Drain"] == 9 and counts["Curse"] == 1
