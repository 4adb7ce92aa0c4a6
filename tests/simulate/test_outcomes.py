"""What the simulated copies say agrees with the rules: the exact forecast of a
duel's one exchange, a battle nobody can lose or win (the round cap: a draw), and
the same numbers from every backend."""

from __future__ import annotations

import pytest

from tactician.simulate.backends import DaskCluster, InProcess, ProcessPool
from tactician.simulate.driver import simulate
from tactician.simulate.setup import prepared
from tactician.simulate.summary import summarize
from tests.simulate.kit import duel, example, walled


def _summary(setup, backend, runs: int, seed: int = 11) -> dict:
    try:
        run = simulate(setup, backend, runs=runs, base_seed=seed)
    finally:
        backend.close()
    return summarize(run.ordered(), prepared(setup).units)


def test_the_duel_agrees_with_the_exact_forecast_of_its_exchange() -> None:
    """Aria's attack on the brigand is the battle's first decision; stopped after it,
    the copies' loss chance (Aria falls: the players are routed) and the brigand's
    fall chance are the forecast's, within their 95% intervals."""
    probe = duel("round_cap=1")
    ready = prepared(probe)
    decision = ready.contract.planner(ready.rules, True).next(ready.state)
    assert [a["type"] for a in decision["actions"]] == ["attack"]
    forecast = ready.contract.battle_forecast(ready.state, decision["actions"][0], ready.rules)
    exact = forecast["outcome"]
    setup = duel("round_cap=1", step_bound=1)  # the battle ends with the exchange
    summary = _summary(setup, InProcess(), 400)
    loss = summary["loss"]
    assert loss["low"] <= exact["attacker_defeated"] <= loss["high"], (loss, exact)
    win = summary["win"]
    assert win["low"] <= exact["defender_defeated"] <= win["high"], (win, exact)
    brigand = next(u for u in summary["units"] if u["id"] == "brigand")
    assert brigand["falls"]["low"] <= exact["defender_defeated"] <= brigand["falls"]["high"]
    assert summary["first_to_fall_when_lost"][0]["id"] == "aria"


def test_a_battle_no_one_can_reach_is_a_draw_at_the_round_cap_and_never_lost() -> None:
    summary = _summary(walled("round_cap=2"), InProcess(), 20)
    assert summary["loss"]["count"] == 0 and summary["win"]["count"] == 0
    assert summary["draw"]["count"] == 20 and summary["unfinished"] == 0
    assert summary["rounds"]["distribution"] == {"3": 20}
    assert all(u["falls"]["count"] == 0 for u in summary["units"])


def test_same_base_seed_same_summary_in_process_twice() -> None:
    setup = example("tropera", "ford")
    assert _summary(setup, InProcess(), 6) == _summary(setup, InProcess(), 6)
    assert _summary(setup, InProcess(), 6, seed=12) != _summary(setup, InProcess(), 6)


@pytest.mark.slow
def test_same_base_seed_same_summary_with_one_worker_two_workers_and_dask() -> None:
    """Bit for bit: the summaries compare equal, floats and all."""
    from distributed import Client, LocalCluster

    setup = example("tropera", "ford")
    alone = _summary(setup, InProcess(), 12)
    assert _summary(setup, ProcessPool(1), 12) == alone
    assert _summary(setup, ProcessPool(2), 12) == alone
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            Client(cluster) as client:
        assert _summary(setup, DaskCluster(client, own=False), 12) == alone
