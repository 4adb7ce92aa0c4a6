// The reserve (issue 29, "every action by pointing"): the seat's units off the map that
// the rules let it put on a tile now, listed beside the board. fe-classic's set-up is
// the case (002 L14-17: each player "must pick a number of units from his/her pool ...
// arranged in a designated area"): its pool units wait off the map, and deploying one
// is the GM's (the schema's sender). A unit is listed only when its own menu (the
// server's /choices answer for it, on the board as this seat's side knows it) has a
// kind the rules take now that puts it on a tile: a player who may not deploy sees no
// reserve at all, and no unit their side cannot see is ever asked about (the seat's
// controls are the units of its own board). Clicking one selects it: its tiles are
// highlighted on the map, and a click on one of them sends the action (a logged entry
// like any other); its menu offers the same kind as a form.
import { get } from './api.js';

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const MAX_ASKED = 24; // units off the map asked about per board (a bound on the work)

// the seat's units off the map: on no tile, carried by nobody, standing
export function offMap(state) {
  const mine = new Set(state.controls || []);
  return state.board.units.filter((u) => mine.has(u.id) && !u.position && !u.carried_by
    && !(u.hp <= 0) && !u.down);
}

// the kind of a unit's /choices answer that puts it on a tile: the first the rules
// take now with a tile key that has tiles to pick ({kind, key, tiles}, or null)
export function placingOf(answer) {
  if (!answer) return null;
  for (const kind of answer.kinds) {
    if (kind.ready === null || kind.ready === undefined) continue;
    const key = kind.keys.find((k) => k.kind === 'tile' && ((kind.legal || {})[k.name] || []).length);
    if (key) return { kind, key: key.name, tiles: kind.legal[key.name] };
  }
  return null;
}

// the action a click on ``tile`` sends for the selected unit off the map, or null
export function placeAt(placing, unit, x, y) {
  if (!placing || !placing.tiles.some((t) => t[0] === x && t[1] === y)) return null;
  return { ...placing.kind.ready, type: placing.kind.type, unit, [placing.key]: [x, y] };
}

let asked = null; // `${units}@${seq}` of the answers below
let placeable = new Set(); // the units off the map the rules let this seat place now

function entry(unit, selected, select) {
  const facts = [unit.name];
  const kind = unit.class || unit.class_name;
  if (kind) facts.push(unit.level !== undefined && unit.level !== null ? `${kind} ${unit.level}` : kind);
  if (unit.max_hp !== undefined) facts.push(`HP ${unit.hp}/${unit.max_hp}`);
  const button = el('button', 'reserve-unit', facts.join(' · '));
  button.type = 'button';
  button.dataset.unit = unit.id;
  button.title = `select ${unit.name}, then click a highlighted tile`;
  button.setAttribute('aria-pressed', String(unit.id === selected));
  if (unit.id === selected) button.classList.add('selected');
  button.addEventListener('click', () => select(unit.id));
  const li = el('li');
  li.append(button);
  return li;
}

let shown = null; // the last drawing's arguments: an answer paints the page as it is now

function paint() {
  if (!shown) return;
  const { section, state, selected, select } = shown;
  const list = section.querySelector('#reserve');
  const units = offMap(state).filter((u) => placeable.has(u.id));
  section.hidden = !units.length;
  list.replaceChildren(...units.map((u) => entry(u, selected, select)));
}

// Draw the reserve in ``section`` (its list is #reserve): the units off the map, each
// asked about once per board; ``select(id)`` is called when one is clicked.
export function renderReserve(section, state, selected, { base, select }) {
  if (!section) return;
  shown = { section, state, selected, select };
  const units = offMap(state).slice(0, MAX_ASKED);
  const at = `${units.map((u) => u.id).join(',')}@${state.seq}`;
  if (!units.length) {
    placeable = new Set();
    section.dataset.for = at;
  }
  else if (asked !== at) {
    asked = at;
    Promise.all(units.map((u) => get(`${base}/choices/${encodeURIComponent(u.id)}`)
      .then((answer) => (placingOf(answer) ? u.id : null)).catch(() => null)))
      .then((found) => {
        if (asked !== at) return; // a newer board asked since
        placeable = new Set(found.filter(Boolean));
        section.dataset.for = at; // which units and board the list answers
        paint();
      });
  }
  paint();
}
