"""What a seat is typing survives another seat's action (issue 29): every board update
redraws the table, and the GM edits panel was drawn anew each time, so an HP value
half-typed, a condition's values, the focus and the selection in them were lost when a
player moved. Two browser pages: one types, the other acts, and the first still has
its value, its focus and its selection; the same for a player half-way through an
action's form when the GM acts."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.shots import CHROMIUM, WAIT_MS, Walk, walk

pytestmark = pytest.mark.slow


def _seq(page: Any) -> int:
    return int(page.locator("#tracker").get_attribute("data-seq") or "0")


def _past(page: Any, seq: int) -> None:
    """The page has drawn a board newer than ``seq`` (pushed to it: it did not act)."""
    page.wait_for_function(
        f"() => Number(document.getElementById('tracker').dataset.seq) > {seq}",
        timeout=WAIT_MS)


def _focus(page: Any) -> dict[str, Any]:
    """The focused control: its id, value and selection."""
    found: dict[str, Any] = page.evaluate("""() => {
        const a = document.activeElement;
        let start = null, end = null;
        try { start = a.selectionStart; end = a.selectionEnd; } catch (e) {}
        return {id: a.id, value: a.value, start, end};
    }""")
    return found


def _menu(page: Any, unit: str) -> None:
    """The action menu answers for ``unit`` on the board shown (not the last unit's)."""
    page.wait_for_function(
        "(u) => (document.getElementById('actions').dataset.for || '') === "
        "`${u}@${document.getElementById('tracker').dataset.seq}`", arg=unit,
        timeout=WAIT_MS)


def _second_gm(w: Walk) -> Any:
    """Another GM tab on the same table (the GM's cookie opens it)."""
    page = w.console.context.new_page()
    page.goto(f"{w.server.base}/t/{w.table}")
    page.wait_for_selector("#live.on", timeout=WAIT_MS)
    return page


def _pick(gm: Any, unit: str) -> None:
    gm.select_option("#gm-unit", unit)
    gm.wait_for_function(
        "(u) => (document.getElementById('gm-unit') || {}).value === u", arg=unit,
        timeout=WAIT_MS)


@pytest.fixture
def walked() -> Any:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:
        yield w


def test_a_half_typed_hp_keeps_its_value_focus_and_selection(walked: Walk) -> None:
    w = walked
    w.open_console()
    w.open_table("tropera/ford")
    gm = w.open_gm_seat()
    player = w.open_player("p1")
    _pick(gm, "chief")
    gm.locator("#gm-hp").click()
    gm.keyboard.press("Control+A")
    gm.keyboard.type("12")
    gm.keyboard.press("Shift+ArrowLeft")  # "2" selected, to be typed over
    assert _focus(gm) == {"id": "gm-hp", "value": "12", "start": 1, "end": 2}, \
        "the HP field's selection is readable (a type=number field hides it)"

    # a player acts: the GM's page draws the new board, the GM's typing is as it was
    seq = _seq(gm)
    player.locator("#board [data-unit='lethe']").click()
    _menu(player, "lethe")
    player.locator("#actions button[data-kind='wait']").click()
    _past(gm, seq)
    assert _focus(gm) == {"id": "gm-hp", "value": "12", "start": 1, "end": 2}

    # the player opens an action's form and picks in it; then another GM tab edits the
    # very unit the first GM is typing on (its HP: the panel must be drawn anew)
    player.locator("#board [data-unit='aria']").click()
    _menu(player, "aria")
    player.locator("#actions button[data-kind='item']").click()
    target = player.locator("#action-form select[data-key='target']")
    target.select_option(label="Aria")
    target.focus()
    gm.evaluate("() => { document.getElementById('gm-hp').dataset.before = '1'; }")
    other = _second_gm(w)
    _pick(other, "chief")
    other.fill("#gm-hp", "20")
    seq = _seq(gm)
    other.locator("#gm-set-hp").click()
    _past(gm, seq)
    _past(player, seq)
    # the panel was drawn anew (the chief's HP changed), and the GM's typing is back in it
    assert gm.evaluate("() => document.getElementById('gm-hp').dataset.before") is None
    assert _focus(gm) == {"id": "gm-hp", "value": "12", "start": 1, "end": 2}
    assert player.locator("#action-form form[data-kind='item']").count() == 1
    player_focus = _focus(player)
    assert player_focus["value"] == target.input_value() != ""
    assert player.evaluate("() => document.activeElement.dataset.key") == "target"
    assert target.locator("option:checked").inner_text() == "Aria"

    # the GM types on over the selection and sends: the panel then shows the board's HP
    seq = _seq(gm)
    gm.keyboard.type("3")
    gm.keyboard.press("Enter")
    _past(gm, seq)
    gm.wait_for_function("() => document.querySelector('#gm-hp').value === '13'",
                         timeout=WAIT_MS)
    board = gm.evaluate(f"() => fetch('/t/{w.table}/state').then((r) => r.json())")
    assert next(u["hp"] for u in board["board"]["units"] if u["id"] == "chief") == 13


def test_a_conditions_half_given_values_survive_an_update(walked: Walk) -> None:
    """UESRPG's Burning: X typed, a location chosen, rounds half-typed with the focus
    there; another GM tab gives the same unit another condition (the panel's list of
    held conditions changes): the form still holds all three and the focus."""
    w = walked
    w.open_console()
    w.open_table("uesrpg/skirmish")
    gm = w.open_gm_seat()
    unit = "captain"
    _pick(gm, unit)
    gm.select_option("#gm-condition", "Burning")
    gm.wait_for_selector("#gm-cf-where", timeout=WAIT_MS)
    gm.fill("#gm-cf-x", "2")
    gm.select_option("#gm-cf-where", "head")
    gm.locator("#gm-cf-rounds").click()
    gm.keyboard.type("3")
    other = _second_gm(w)
    _pick(other, unit)
    other.select_option("#gm-condition", "Prone")
    seq = _seq(gm)
    other.locator("#gm-add-condition").click()
    _past(gm, seq)
    gm.wait_for_function("() => document.getElementById('gm-held').textContent.includes('Prone')",
                         timeout=WAIT_MS)
    assert gm.locator("#gm-condition").input_value() == "Burning"
    assert gm.locator("#gm-cf-x").input_value() == "2"
    assert gm.locator("#gm-cf-where").input_value() == "head"
    assert _focus(gm) == {"id": "gm-cf-rounds", "value": "3", "start": 1, "end": 1}

    # a value the rules refuse (over the chief's 34): refused, and still there to mend
    gm.locator("#gm-hp").click()
    gm.keyboard.press("Control+A")
    gm.keyboard.type("99")
    gm.keyboard.press("Enter")
    gm.wait_for_selector("#banner:not([hidden])", timeout=WAIT_MS)
    assert gm.locator("#gm-hp").input_value() == "99"
