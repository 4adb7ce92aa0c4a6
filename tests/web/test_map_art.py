"""The map's Tiled tileset pictures at the table (issue 29: "Tiled tilesets are
ignored"): ``/art`` names each cell's tile, ``/tiles/<n>`` serves only the images the
map's own tilesets name, from beside the map; a missing image, or a map file changed
since the battle began, is a notice and the palette, never an error; the page draws
the pictures, or the palette with the notice under the map."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.grid.tiled_art import tile_art
from tests.grid.tmx_keep import keep_tmx
from tests.web.helpers import ROOT, bearer, open_table, store_battle
from tests.web.shots import CHROMIUM, VIEWPORT, walk

BATTLE = ROOT / "examples" / "tropera" / "battle"
KEEP = BATTLE / "keep.tmj"
UNITS = [BATTLE / "keep-party.yaml", BATTLE / "keep-garrison.yaml"]
WAIT_MS = 30_000


def _table(client: TestClient, gm_token: str, battle: int) -> tuple[str, str]:
    opened = client.post("/gm/tables", json={"battle_id": battle, "seats": [
        {"name": "Ana", "units": ["aria"]}]}, headers=bearer(gm_token)).json()
    return opened["table"], opened["links"]["p1"].split("#", 1)[1]


def _bare_keep(tmp_path: Path) -> Path:
    """keep.tmj alone in a folder: its terrain.png is not beside it."""
    folder = tmp_path / "bare"
    folder.mkdir()
    shutil.copy(KEEP, folder / "keep.tmj")
    return folder / "keep.tmj"


def test_the_keeps_pictures_are_served_from_beside_its_map(client: TestClient,
                                                          gm_token: str) -> None:
    opened = open_table(client, gm_token, example="tropera/keep", players=2)
    table, player = opened["table"], bearer(opened["tokens"]["p1"])
    found = client.get(f"/t/{table}/art", headers=player).json()
    expected = tile_art(KEEP)
    assert expected is not None
    assert found == {"art": expected.describe(), "notice": None}
    image = client.get(f"/t/{table}/tiles/0", headers=player)
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
    assert image.content == (BATTLE / "terrain.png").read_bytes()
    for other in ("1", "-1", "999"):
        assert client.get(f"/t/{table}/tiles/{other}", headers=player).status_code == 400
    assert client.get(f"/t/{table}/tiles/0").status_code in (401, 403)  # no seat, no image
    ford = open_table(client, gm_token, example="tropera/ford", players=2)
    plain = client.get(f"/t/{ford['table']}/art", headers=bearer(ford["tokens"]["p1"]))
    assert plain.json() == {"art": None, "notice": None}  # a text map has no pictures


def test_a_missing_image_falls_back_to_the_palette_with_a_notice(
        client: TestClient, gm_token: str, db_url: str, tmp_path: Path) -> None:
    battle = store_battle(db_url, "tropera", _bare_keep(tmp_path), UNITS)
    table, token = _table(client, gm_token, battle)
    found = client.get(f"/t/{table}/art", headers=bearer(token))
    assert found.status_code == 200, found.text
    sheets = found.json()["art"]["sheets"]
    assert [s["ok"] for s in sheets] == [False]
    assert "terrain.png is missing beside the map" in found.json()["notice"]
    assert client.get(f"/t/{table}/tiles/0", headers=bearer(token)).status_code == 400


def test_a_map_changed_since_the_battle_began_is_not_drawn(
        client: TestClient, gm_token: str, db_url: str, tmp_path: Path) -> None:
    path = _bare_keep(tmp_path)
    shutil.copy(BATTLE / "terrain.png", path.with_name("terrain.png"))
    battle = store_battle(db_url, "tropera", path, UNITS)
    table, token = _table(client, gm_token, battle)
    assert client.get(f"/t/{table}/art", headers=bearer(token)).json()["notice"] is None
    data = json.loads(path.read_text(encoding="utf-8"))
    data["layers"][0]["data"][0] = 2  # a forest where the battle began on plain
    path.write_text(json.dumps(data), encoding="utf-8")
    found = client.get(f"/t/{table}/art", headers=bearer(token)).json()
    assert found["art"] is None and "has changed since the battle began" in found["notice"]
    assert client.get(f"/t/{table}/tiles/0", headers=bearer(token)).status_code == 400


def _forget(db_url: str, battle: int) -> None:
    """The battle as one stored before its map's place was kept (no ``battle.map`` row)."""
    from tactician.store.database import open_database
    from tactician.store.models import Setting

    db = open_database(db_url)
    try:
        with db.write() as session:
            row = session.get(Setting, f"battle.map.{battle}")
            assert row is not None
            session.delete(row)
    finally:
        db.close()


def _beside_png(folder: Path) -> None:
    shutil.copy(BATTLE / "terrain.png", folder / "terrain.png")


def test_a_tmx_battle_draws_its_tilesets_pictures(
        client: TestClient, gm_token: str, db_url: str, tmp_path: Path) -> None:
    for external in (False, True):
        folder = tmp_path / f"tmx-{external}"
        folder.mkdir()
        _beside_png(folder)
        battle = store_battle(db_url, "tropera", keep_tmx(folder, external=external), UNITS)
        table, token = _table(client, gm_token, battle)
        found = client.get(f"/t/{table}/art", headers=bearer(token)).json()
        expected = tile_art(KEEP)
        assert expected is not None
        assert found == {"art": expected.describe(), "notice": None}, external
        image = client.get(f"/t/{table}/tiles/0", headers=bearer(token))
        assert image.status_code == 200 and image.content == (folder / "terrain.png").read_bytes()
    bare = tmp_path / "tmx-bare"
    bare.mkdir()
    battle = store_battle(db_url, "tropera", keep_tmx(bare), UNITS)
    table, token = _table(client, gm_token, battle)
    found = client.get(f"/t/{table}/art", headers=bearer(token)).json()
    assert "terrain.png is missing beside the map" in found["notice"]


def test_an_old_battle_of_a_known_map_finds_it_by_its_terrain(
        client: TestClient, gm_token: str, db_url: str) -> None:
    """Ruling "Map pictures of a battle stored before its map was kept": the keep's
    battle stored before today (no place kept) draws the example keep's pictures."""
    battle = store_battle(db_url, "tropera", KEEP, UNITS)
    _forget(db_url, battle)
    table, token = _table(client, gm_token, battle)
    expected = tile_art(KEEP)
    assert expected is not None
    assert client.get(f"/t/{table}/art", headers=bearer(token)).json() == {
        "art": expected.describe(), "notice": None}
    assert client.get(f"/t/{table}/tiles/0", headers=bearer(token)).content == \
        (BATTLE / "terrain.png").read_bytes()


def _own_map(folder: Path, name: str = "own.tmx") -> Path:
    """A GM's own map (not an example's): the keep with a forest at its first tile."""
    folder.mkdir(exist_ok=True)
    _beside_png(folder)
    return keep_tmx(folder, name=name, cells={0: 2})


def test_the_gm_names_an_old_battles_own_map(
        client: TestClient, gm_token: str, db_url: str, tmp_path: Path) -> None:
    own = _own_map(tmp_path / "own")
    battle = store_battle(db_url, "tropera", own, UNITS)
    _forget(db_url, battle)
    opened = client.post("/gm/tables", json={"battle_id": battle, "seats": [
        {"name": "Ana", "units": ["aria"]}]}, headers=bearer(gm_token)).json()
    table, token = opened["table"], opened["links"]["p1"].split("#", 1)[1]
    gm = bearer(opened["links"]["gm"].split("#", 1)[1])
    assert client.get(f"/t/{table}/art", headers=bearer(token)).json() == {
        "art": None, "notice": None}  # no known map gives its terrain: the palette

    def named(map_path: str, who: dict[str, str]) -> Any:
        return client.post(f"/t/{table}/art", json={"map": map_path}, headers=who)

    assert named(str(own), bearer(token)).status_code == 403  # a player may not
    for wrong, said in ((str(KEEP), "does not give this battle's terrain"),
                        ("own.tmx", "full path"),
                        (str(tmp_path / "nowhere.tmx"), "no such map file"),
                        (str(BATTLE / "ford.yaml"), "Tiled map file")):
        refused = named(wrong, gm)
        assert refused.status_code == 400 and said in refused.json()["error"], wrong
        assert client.get(f"/t/{table}/art", headers=bearer(token)).json()["art"] is None
    answer = named(str(own), gm)
    assert answer.status_code == 200, answer.text
    expected = tile_art(own)
    assert expected is not None
    assert answer.json() == {"art": expected.describe(), "notice": None}
    assert client.get(f"/t/{table}/art", headers=bearer(token)).json() == answer.json()
    assert client.get(f"/t/{table}/tiles/0", headers=bearer(token)).status_code == 200


def test_two_known_maps_of_one_terrain_are_not_guessed_between(
        client: TestClient, gm_token: str, db_url: str, tmp_path: Path) -> None:
    first = _own_map(tmp_path / "a")
    second = _own_map(tmp_path / "b", "own-b.tmx")
    store_battle(db_url, "tropera", first, UNITS)
    store_battle(db_url, "tropera", second, UNITS)  # both kept by battles of the store
    old = store_battle(db_url, "tropera", first, UNITS)
    _forget(db_url, old)
    table, token = _table(client, gm_token, old)
    found = client.get(f"/t/{table}/art", headers=bearer(token)).json()
    assert found["art"] is None
    assert "2 known maps give this battle's terrain (own-b.tmx, own.tmx)" in found["notice"]


@pytest.fixture
def browser() -> Iterator[tuple[Any, Any]]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:  # the shared helper: a real `tactician serve`, Debian's chromium
        yield w.server, w.browser


def _open(server: Any, chromium: Any, battle: int | None, seat: str = "p1") -> Any:
    with server.client(server.gm_token) as http:
        if battle is None:
            body: dict[str, Any] = {"example": "tropera/keep", "players": 1}
        else:
            body = {"battle_id": battle, "seats": [{"name": "Ana", "units": ["aria"]}]}
        opened = http.post("/gm/tables", json=body).json()
    page = chromium.new_context(viewport=VIEWPORT).new_page()
    page.goto(opened["links"][seat])
    page.locator("#join").click()
    page.wait_for_selector("#live.on", timeout=WAIT_MS)
    return page


@pytest.mark.slow
def test_the_page_draws_the_pictures_or_the_palette_and_the_notice(
        browser: tuple[Any, Any], tmp_path: Path) -> None:
    server, chromium = browser
    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page = _open(server, chromium, None)
    page.wait_for_selector("#board .tile.art", timeout=WAIT_MS)
    assert page.locator("#board .tile.art").count() == 12 * 10
    style = page.locator("#board .tile").first.get_attribute("style") or ""
    assert "/tiles/0" in style, style
    assert page.locator("#art-notice").count() == 0
    loaded = page.evaluate("""async () => {
      const img = new Image(); img.src = location.pathname + '/tiles/0';
      await img.decode(); return [img.naturalWidth, img.naturalHeight]; }""")
    assert loaded == [176, 16]
    page.locator(".board-wrap").screenshot(path=str(artifacts / "keep-tileset.png"))
    battle = store_battle(server.db, "tropera", _bare_keep(tmp_path), UNITS)
    bare = _open(server, chromium, battle)
    bare.wait_for_selector("#art-notice", timeout=WAIT_MS)
    assert "terrain.png is missing beside the map" in bare.locator("#art-notice").inner_text()
    assert bare.locator("#board .tile.art").count() == 0
    assert bare.locator("#board .tile").count() == 12 * 10
    assert bare.locator("#banner").is_hidden()
    bare.locator(".board-wrap").screenshot(path=str(artifacts / "keep-no-tileset.png"))


@pytest.mark.slow
def test_the_gm_names_an_old_battles_map_at_the_table(
        browser: tuple[Any, Any], tmp_path: Path) -> None:
    """At the GM seat of a battle stored before its map's place was kept, the GM types
    the map's path under the legend and the board draws its pictures; a player's page
    has no such form; a wrong map is refused in the form's words."""
    server, chromium = browser
    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    own = _own_map(tmp_path / "own")
    battle = store_battle(server.db, "tropera", own, UNITS)
    _forget(server.db, battle)
    player = _open(server, chromium, battle)
    player.wait_for_selector("#board .tile", timeout=WAIT_MS)
    gm = _open(server, chromium, battle, "gm")
    gm.wait_for_selector("#name-map summary", timeout=WAIT_MS)
    assert gm.locator("#board .tile.art").count() == 0
    assert player.locator("#name-map").count() == 0  # the GM's only
    gm.locator("#name-map summary").click()
    gm.fill("#name-map-path", str(KEEP))
    gm.locator("#name-map button").click()
    gm.wait_for_function(
        "() => document.getElementById('name-map-said').textContent.includes('terrain')",
        timeout=WAIT_MS)
    assert gm.locator("#board .tile.art").count() == 0
    gm.fill("#name-map-path", str(own))
    gm.locator("#name-map button").click()
    gm.wait_for_selector("#board .tile.art", timeout=WAIT_MS)
    assert gm.locator("#board .tile.art").count() == 12 * 10
    assert gm.locator("#name-map").count() == 0
    gm.locator(".board-wrap").screenshot(path=str(artifacts / "gm-named-map.png"))
    player.reload()
    player.wait_for_selector("#board .tile.art", timeout=WAIT_MS)  # kept for every seat
