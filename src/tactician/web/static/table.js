// The table page: live state over Server-Sent Events, selection, reach, moves,
// forecasts and commits, the phase buttons and the log. Every command sends the
// sequence number the board was showing; a stale one comes back as 409 with the
// fresh state, which is shown with the conflict message.
import { get, post, Refused } from './api.js';
import { renderBoard, renderLegend, pathTo, setArt } from './board.js';
import { renderForecast, renderDice } from './forecast.js';
import { renderActions, needsForm, plain, SHORTCUTS } from './actions.js';
import { buildForm, actionOf } from './forms.js';
import { renderTracker, headline } from './tracker.js';
import { renderSheet } from './sheet.js';
import { applyFog, fogTools, refreshSeeAs } from './fog.js';
import { renderGmEdits, gmTile, cancelPlacing } from './gm_edit.js';
import { renderReserve, placingOf, placeAt } from './reserve.js';

const seatEl = document.getElementById('seat');
const tableId = seatEl.dataset.table;
const role = seatEl.dataset.role;
const base = `/t/${tableId}`;
const $ = (id) => document.getElementById(id);

let state = null;
const overlay = { move: new Set(), attack: new Set(), danger: new Set(), path: new Set(), selected: null };
let reach = null;
let showDanger = false;
let shownDice = 0; // the entry whose dice the Dice panel shows
let pending = null; // {unit, target} of the forecast shown

function keyset(tiles) { return new Set((tiles || []).map((t) => `${t[0]},${t[1]}`)); }

function banner(text, kind = 'error') {
  const b = $('banner');
  b.textContent = plain(text);
  b.className = kind;
  b.hidden = !text;
}

function unitById(id) { return state.board.units.find((u) => u.id === id); }

function tracker() {
  $('tracker').textContent = headline(state.board);
  $('tracker').dataset.seq = state.seq;
  if ($('turn-order')) renderTracker($('turn-order'), state);
}

function objectives() {
  const o = state.board.objectives || {};
  const box = $('objectives');
  box.replaceChildren();
  for (const [kind, list] of Object.entries(o)) {
    for (const text of list) {
      const p = document.createElement('div');
      p.textContent = `${kind}: ${plain(text)}`;
      box.append(p);
    }
  }
}

function logView() {
  const filter = $('log-filter').value.toLowerCase();
  const list = $('log');
  list.replaceChildren();
  for (const e of [...state.log].reverse()) {
    // each die with who entered it when it was the table's (a seat, or the stream: seed)
    const die = (d) => `d${d.sides}:${d.value}` + (d.by ? ` (${d.by})` : '');
    const text = `#${e.seq} ${e.summary}` + (e.dice && e.dice.length ? ` [${e.dice.map(die).join(' ')}]` : '');
    if (filter && !text.toLowerCase().includes(filter)) continue;
    const li = document.createElement('li');
    li.textContent = text;
    li.dataset.seq = e.seq;
    // an entry's dice with what each decided, on a click (or Enter)
    if (e.dice && e.dice.length) {
      li.tabIndex = 0;
      li.className = 'has-dice';
      li.title = 'show its dice with what each decided';
      li.addEventListener('click', () => renderDice($('dice'), e));
      li.addEventListener('keydown', (k) => { if (k.key === 'Enter') renderDice($('dice'), e); });
    }
    list.append(li);
  }
  chainView();
}

// what this seat can check its log and the dice against: the seed's commitment (given
// from the start), the head of its log's chain, and once the battle ends the seed itself
function chainView() {
  const box = $('chain');
  if (!box || !state.chain) return;
  const c = state.chain;
  const parts = [`seed commitment ${c.seed_commitment.slice(0, 16)}…`,
    `${c.of === 'side' ? "your side's" : "the log's"} head ${c.head.slice(0, 16)}…`];
  if (c.seed !== undefined) parts.push(`seed ${c.seed} (the whole battle: battle.json)`);
  box.textContent = parts.join(' · ');
  box.title = `seed commitment ${c.seed_commitment}\nhead ${c.head}`;
}

function asks() {
  const box = $('asks');
  if (!box) return;
  const list = state.undo_requests || [];
  box.textContent = list.length ? list.map((a) => `${a.who} asks to undo #${a.seq}${a.note ? `: ${a.note}` : ''}`).join('\n') : 'None.';
}

function selectedPanel() {
  const box = $('selected');
  const unit = overlay.selected && unitById(overlay.selected);
  $('wait').disabled = !unit || !state.controls.includes(unit.id);
  if (!unit) { box.textContent = 'Click one of your units.'; return; }
  const facts = [`${unit.name} (${unit.id})`, `side ${unit.side}`, `HP ${unit.hp}/${unit.max_hp}`];
  if (unit.equipped) facts.push(`equipped ${unit.equipped}`);
  if (unit.effects && unit.effects.length) facts.push(unit.effects.join(', '));
  if (unit.acted) facts.push('has acted');
  box.textContent = facts.join(' · ');
  // the unit's sheet in battle, in sections (sheet.js), not its raw keys
  box.append(renderSheet(unit, state.board));
}

function draw() {
  tracker();
  objectives();
  renderBoard($('board'), state, overlay, { tile: onTile, hover: onHover });
  applyFog($('board'), state);  // fog.js: unseen tiles shaded, hidden tokens marked
  fogTools($('fog-tools'), state, base, draw);
  renderLegend($('legend'), state);
  highlightForm();
  selectedPanel();
  reserveView();
  logView();
  asks();
  if (role === 'gm') renderGmEdits($('gm-edits'), state, overlay.selected, gmEdit, draw);
}

// a GM edit (gm_edit.js), decided on the board shown like any command
async function gmEdit(edit) {
  const answer = await command(`${base}/gm-edit`, edit);
  if (answer && answer.entry) banner(answer.entry.summary, 'info');
  return answer;
}

function show(fresh) {
  // events leave out what never changes (the map, the terrain numbers): keep ours
  if (state && !fresh.terrain) fresh.terrain = state.terrain;
  if (state && !fresh.board.rows) {
    for (const key of ['rows', 'symbols', 'width', 'height']) fresh.board[key] = state.board[key];
  }
  state = fresh;
  if (state.fog_sides) refreshSeeAs(base).then(() => applyFog($('board'), state)).catch(() => {});
  // the newest entry with dice, whoever rolled them: each die with what it decided
  const rolled = [...(fresh.log || [])].reverse().find((e) => e.dice && e.dice.length);
  if (rolled && rolled.seq > shownDice) { shownDice = rolled.seq; renderDice($('dice'), rolled); }
  const chosen = overlay.selected && unitById(overlay.selected);
  const waiting = reserveKept(chosen); // selected in the reserve: off the map, no reach
  if (overlay.selected && !waiting && (!chosen || chosen.hp <= 0 || chosen.down || !chosen.position)) clearSelection();
  else if (overlay.selected && !waiting) loadReach(overlay.selected); // the board moved: reach again
  loadChoices();
  if (showDanger) loadDanger();
  draw();
}

function clearSelection() {
  overlay.selected = null;
  overlay.fromReserve = null;
  closeForm();
  reach = null;
  overlay.move = new Set();
  overlay.attack = new Set();
  overlay.targets = {};
  overlay.path = new Set();
}

async function loadReach(id) {
  try {
    reach = await get(`${base}/reach/${encodeURIComponent(id)}`);
    overlay.move = keyset(reach.move);
    overlay.attack = keyset(reach.attack);
    overlay.targets = reach.targets || {}; // Miridon: each foe it can hit, from where
  } catch (err) {
    reach = null;
    overlay.move = new Set();
    overlay.attack = new Set();
    overlay.targets = {};
    if (err instanceof Refused) banner(err.message);
  }
  draw();
}

async function loadDanger() {
  try {
    const zone = await get(`${base}/danger`);
    overlay.danger = keyset(zone.tiles);
  } catch (err) { banner(err.message); }
  draw();
}

async function command(path, body) {
  try {
    const answer = await post(path, { seq: state.seq, ...body });
    banner('');
    if (answer.state) show(answer.state);
    return answer;
  } catch (err) {
    if (err instanceof Refused && err.status === 409) {
      banner(`Conflict: ${err.message}`, 'conflict');
      if (err.body.state) show(err.body.state);
    } else {
      banner(err.message);
    }
    return null;
  }
}

function rolls() {
  const text = $('rolls').value.trim();
  return text ? text : null;
}

async function act(action) {
  const answer = await command(`${base}/act`, { action, rolls: rolls() });
  if (answer) {
    $('rolls').value = '';
    // an entry without dice leaves the last dice shown
    if (answer.entry && answer.entry.dice && answer.entry.dice.length) renderDice($('dice'), answer.entry);
  }
  return answer;
}

async function onTile(x, y, unit) {
  if (role === 'gm' && gmTile(x, y, gmEdit)) return;  // placing a unit: this tile
  // an open form that takes a tile takes the click (a target unit's tile too)
  if (form && form.pickTile && form.pickTile(x, y)) return;
  if (await placeFromReserve(x, y)) return;
  if (form && unit && pickUnit(unit)) return;
  if (unit && state.controls.includes(unit.id) && overlay.selected !== unit.id) {
    overlay.selected = unit.id;
    pending = null;
    closeForm();
    await loadReach(unit.id);
    loadChoices();
    return;
  }
  const sel = overlay.selected && unitById(overlay.selected);
  if (!sel) return;
  if (unit && unit.side !== sel.side) {
    try {
      const report = await post(`${base}/forecast`, { unit: sel.id, target: unit.id });
      pending = { action: { type: 'attack', unit: sel.id, target: unit.id } };
      renderForecast($('forecast'), report, commitAttack);
      banner('');
    } catch (err) { banner(err.message); }
    return;
  }
  if (!unit && overlay.move.has(`${x},${y}`)) {
    await act({ type: 'move', unit: sel.id, to: [x, y] });
  }
}

// the path shown while hovering or dragging: a shortest 4-way path through the reach
// at once, then the rules' own path and its cost (``/path``: the move tried on the
// battle as this seat's side knows it, nothing kept), on the tile and under the map
const costs = new Map(); // `${version} ${unit} ${x},${y}` -> the /path answer
let hovered = null;

function showPath(keys, cost) {
  for (const tile of document.querySelectorAll('#board .tile')) {
    tile.classList.toggle('path', keys.has(`${tile.dataset.x},${tile.dataset.y}`));
    const old = tile.querySelector('.cost');
    if (old) old.remove();
  }
  const line = $('path-cost');
  if (!cost || cost.spent === null || cost.spent === undefined) { if (line) line.textContent = ''; return; }
  const [x, y] = cost.to;
  const tile = document.querySelector(`#board .tile[data-x='${x}'][data-y='${y}']`);
  const left = cost.left === null || cost.left === undefined ? '' : `, ${cost.left} left`;
  const ap = cost.ap ? `, ${cost.ap} AP` : '';
  if (tile) {
    const badge = document.createElement('span');
    badge.className = 'cost';
    // Miridon's "2 str / 4 spd" as "2/4" on the tile (the line under the map says it whole)
    badge.textContent = String(cost.spent).replace(/^(\d+) str \/ (\d+) spd$/, '$1/$2');
    badge.title = String(cost.spent);
    tile.append(badge);
  }
  // Miridon: which movement action it is and where the unit faces after it
  const how = cost.how ? `${cost.how.replace(/_/g, ' ')}, ` : '';
  const facing = cost.facing ? `, facing ${cost.facing} after` : '';
  if (line) line.textContent = `Path to ${x},${y}: ${how}${keys.size - 1} steps, cost ${cost.spent}${left}${ap}${facing}`;
}

async function onHover(x, y) {
  const sel = overlay.selected && unitById(overlay.selected);
  if (!sel || !sel.position || !overlay.move.has(`${x},${y}`)) {
    hovered = null;
    // the path is cleared on the tiles as they are: redrawing the board here would
    // replace a token being dragged from its tile (the drag then drops nothing)
    overlay.path = new Set();
    showPath(new Set(), null);
    return;
  }
  const key = `${state.version} ${sel.id} ${x},${y}`;
  if (hovered === key) return;
  hovered = key;
  overlay.path = pathTo(sel.position, [x, y], overlay.move, Boolean(reach && reach.diagonal));
  showPath(overlay.path, null);
  let cost = costs.get(key);
  if (!cost) {
    try {
      cost = await get(`${base}/path/${encodeURIComponent(sel.id)}?x=${x}&y=${y}`);
    } catch { return; }  // refused: the quick path stays, with no cost
    if (costs.size > 200) costs.clear();
    costs.set(key, cost);
  }
  if (hovered !== key) return;  // the pointer moved on meanwhile
  const cancelled = reach && reach.costs && reach.costs[`${x},${y}`];
  if (!cost.path && cancelled && cancelled.obstructed) {  // Miridon, 004 L2188
    $('path-cost').textContent = `To ${x},${y}: ${cancelled.obstructed} (the move is cancelled, its costs still paid)`;
    return;
  }
  if (cost.path) overlay.path = new Set(cost.path.map((t) => `${t[0]},${t[1]}`));
  showPath(overlay.path, { ...cost, to: [x, y] });
}

async function commitAttack() {
  if (!pending) return;
  const answer = await act(pending.action);
  if (answer) {
    pending = null;
    closeForm();
    $('forecast').textContent = 'Committed: every die is under Dice.';
  }
}

function explain(decisions) {
  const box = $('explain');
  if (!box) return;
  box.replaceChildren();
  for (const d of decisions) {
    const item = document.createElement('div');
    item.className = 'decision';
    const head = d.unit ? `${d.unit} (${d.tier || '-'}): ${d.reason || ''}` : `(${d.reason || ''})`;
    item.append(document.createTextNode(head));
    if (d.planned) {  // shown before it is played: what it will do
      const list = document.createElement('ul');
      for (const a of d.actions || []) {
        const li = document.createElement('li');
        li.className = 'planned';
        li.textContent = `will ${Object.entries(a).filter(([k]) => k !== 'unit').map(([k, v]) => (k === 'type' ? v : `${k} ${Array.isArray(v) ? v.join(',') : v}`)).join(' ')}`;
        list.append(li);
      }
      item.append(list);
    }
    const list = document.createElement('ul');
    for (const e of d.entries || []) {
      const li = document.createElement('li');
      li.textContent = `#${e.seq} ${e.summary}`;
      list.append(li);
    }
    for (const c of (d.best || []).slice(0, 5)) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = `candidate ${JSON.stringify(c.tile)} → ${c.target} with ${c.weapon}: hit ${(100 * c.hit).toFixed(1)}%, score ${Number(c.score).toFixed(3)}`;
      list.append(li);
    }
    item.append(list);
    box.append(item);
  }
}

// ---- the reserve (reserve.js): a unit off the map selected, then put on a tile ------

function reserveView() {
  renderReserve($('reserve-section'), state, overlay.selected, { base, select: selectReserve });
}

function selectReserve(id) {
  if (overlay.selected === id) return;
  clearSelection();
  overlay.selected = id;
  overlay.fromReserve = id;
  pending = null;
  loadChoices();
  draw();
}

// a unit selected in the reserve stays selected while it waits off the map
function reserveKept(chosen) {
  if (chosen && chosen.position) overlay.fromReserve = null;
  return Boolean(chosen) && !chosen.position && overlay.fromReserve === chosen.id;
}

// the kind that puts the unit selected in the reserve on a tile, with its tiles
function reservePlacing() {
  const sel = overlay.selected && unitById(overlay.selected);
  if (!sel || sel.position || overlay.fromReserve !== sel.id || !choices || choices.unit !== sel.id) return null;
  return placingOf(choices);
}

// its menu known: its tiles highlighted; a unit the rules no longer place is let go
function reserveMenu() {
  const sel = overlay.selected && unitById(overlay.selected);
  if (sel && overlay.fromReserve === sel.id && choices && choices.unit === sel.id && !reservePlacing()) {
    clearSelection();
    draw();
    loadChoices();
    return;
  }
  highlightForm();
}

// a click on one of its tiles puts it there (a logged action like any other)
async function placeFromReserve(x, y) {
  const action = placeAt(reservePlacing(), overlay.selected, x, y);
  if (!action) return false;
  await act(action);
  return true;
}

// ---- actions by pointing: the menu, the forms, the keys -------------------------

let choices = null; // the /choices answer for the selected unit (or the table's)
let tableChoices = null;
let shortcuts = new Map();
let form = null; // the open form's state (forms.js)
let asked = 0;

function unitNames() { return new Map(state.board.units.map((u) => [u.id, u.name])); }

async function loadChoices() {
  if (role === 'spectator' || !state) return;
  const ask = ++asked;
  const unit = overlay.selected && state.controls.includes(overlay.selected) ? overlay.selected : null;
  const seen = `${unit || ''}@${state.seq}`;
  try {
    const [mine, table] = await Promise.all([
      unit ? get(`${base}/choices/${encodeURIComponent(unit)}`) : Promise.resolve(null),
      get(`${base}/choices`)]);
    if (ask !== asked) return; // a newer board asked since
    choices = mine;
    tableChoices = table;
    $('actions').dataset.for = seen; // which unit and board the menu answers
  } catch (err) {
    if (ask !== asked) return;
    choices = null;
    if (err instanceof Refused && err.status !== 403) banner(err.message);
  }
  menus();
}

function menus() {
  const sel = overlay.selected && unitById(overlay.selected);
  if (state.board.result && state.board.result !== 'ongoing') { // the battle is over
    shortcuts = new Map();
    $('actions').replaceChildren();
    $('table-actions').replaceChildren();
    return;
  }
  // the bar's own buttons only where the ruleset has the kind (uesrpg ends a unit's turn)
  const kinds = new Set([...(choices ? choices.kinds : []), ...(tableChoices ? tableChoices.kinds : [])].map((k) => k.type));
  $('end-phase').hidden = Boolean(tableChoices) && !kinds.has('end_phase');
  $('wait').hidden = Boolean(choices) && !kinds.has('wait');
  shortcuts = renderActions($('actions'), choices, chooseKind, sel ? `${sel.name}: what now?` : 'Select one of your units first.');
  const more = renderActions($('table-actions'), tableChoices, chooseKind, null);
  for (const [key, kind] of more) if (!shortcuts.has(key) && SHORTCUTS[kind.type] === key) shortcuts.set(key, kind);
  reserveMenu();
}

function closeForm() {
  form = null;
  if ($('action-form')) $('action-form').replaceChildren();
  highlightForm();
}

function highlightForm() {
  const picked = form && form.tiles ? form.tiles : (reservePlacing() || {}).tiles;
  const tiles = new Set((picked || []).map((t) => `${t[0]},${t[1]}`));
  for (const tile of document.querySelectorAll('#board .tile')) {
    tile.classList.toggle('pick', tiles.has(`${tile.dataset.x},${tile.dataset.y}`));
  }
}

// a unit clicked while a form is open: the form's first unit key takes it
function pickUnit(unit) {
  const select = [...document.querySelectorAll('#action-form select')].find((s) => {
    const key = form.kind.keys.find((k) => k.name === s.dataset.key);
    return key && (key.kind === 'unit' || key.kind === 'units');
  });
  if (!select) return false;
  const key = form.kind.keys.find((k) => k.name === select.dataset.key);
  const offered = (form.kind.legal || {})[key.name] ?? key.options ?? [];
  const i = offered.indexOf(unit.id);
  if (i < 0) return false;
  select.value = String(i);
  select.dispatchEvent(new Event('change'));
  return true;
}

async function forecastOf(action) {
  try {
    const report = await post(`${base}/forecast`, { unit: action.unit, target: action.target, weapon: action.weapon });
    pending = { action };
    renderForecast($('forecast'), report, commitAttack);
  } catch (err) {
    $('forecast').textContent = plain(err.message);
  }
}

// a non-attack action's preview: shown with Commit when the ruleset has its numbers;
// a kind it does not forecast is checked when sent, as before
let previewed = 0;
async function previewOf(action) {
  const ask = ++previewed;
  try {
    const report = await post(`${base}/forecast`, { action });
    if (ask !== previewed) return;
    pending = { action };
    renderForecast($('forecast'), report, commitAttack);
  } catch {
    if (ask !== previewed) return;
    pending = null;
    $('forecast').textContent = 'No preview for this action: the rules check it when it is sent.';
  }
}

function chooseKind(kind) {
  const unit = kind === undefined ? null : (choices && choices.kinds.includes(kind) ? choices.unit : null);
  if (!needsForm(kind)) {
    closeForm();
    const action = kind.ready ? { ...kind.ready } : { type: kind.type, ...(unit ? { unit } : {}) };
    // a heal with nothing to pick: what it will do first, then Commit
    if (kind.preview && kind.ready) { previewOf(action); return; }
    act(action);
    return;
  }
  const isAttack = kind.type === 'attack' && kind.keys.some((k) => k.name === 'target');
  // another kind that names a target (a staff, a spell, a grapple...): its preview, where
  // the ruleset forecasts it, by the same procedure that resolves it
  const aims = !isAttack && unit && (kind.preview || kind.keys.some((k) => ['target', 'targets'].includes(k.name)));
  form = buildForm($('action-form'), kind, unitNames(), {
    unit,
    label: isAttack ? 'Forecast' : undefined,
    changed: (f) => { if (isAttack) forecastOf(actionOf(f, unit)); else if (aims) previewOf(actionOf(f, unit)); },
    cancel: () => closeForm(),
    submit: (action) => {
      if (isAttack) { forecastOf(action); return; }
      act(action).then((answer) => { if (answer) closeForm(); });
    },
  });
  highlightForm();
  if (isAttack && form.values.target) forecastOf(actionOf(form, unit));
  else if (aims && (kind.preview || form.values.target || form.values.targets)) previewOf(actionOf(form, unit));
  const first = $('action-form').querySelector('select, input');
  if (first) first.focus();
}

function help() {
  const box = $('help');
  box.hidden = !box.hidden;
}

document.addEventListener('keydown', (event) => {
  const typing = event.target.matches('input, textarea, select') && event.key !== 'Escape';
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape') {
    if (!$('help').hidden) { $('help').hidden = true; return; }
    if (cancelPlacing()) { draw(); return; }
    if (form) { closeForm(); return; }
    clearSelection();
    pending = null;
    draw();
    menus();
    return;
  }
  if (event.key === '?') { help(); return; }
  if (event.key === 'Enter' && pending && $('commit')) { commitAttack(); return; }
  const kind = shortcuts.get(event.key);
  if (!kind) return;
  event.preventDefault();
  if (kind.type === 'move' && needsForm(kind)) {
    banner('Move: click a blue tile on the map (or pick it in the form).', 'info');
  }
  chooseKind(kind);
});

$('log-filter').addEventListener('input', logView);
if ($('help-button')) $('help-button').addEventListener('click', help);
$('danger').addEventListener('click', () => {
  showDanger = !showDanger;
  $('danger').setAttribute('aria-pressed', String(showDanger));
  if (showDanger) loadDanger(); else { overlay.danger = new Set(); draw(); }
});
$('wait').addEventListener('click', () => overlay.selected && act({ type: 'wait', unit: overlay.selected }));
$('end-phase').addEventListener('click', () => act({ type: 'end_phase' }));
// any action the ruleset knows, as the CLI's `battle act UNIT ACTION KEY=VALUE`: JSON
// with the selected unit filled in (e.g. {"type": "dash"} or {"type": "item", ...})
if ($('other-form')) $('other-form').addEventListener('submit', (event) => {
  event.preventDefault();
  let action;
  try { action = JSON.parse($('other').value); } catch { banner('Other action: give JSON, e.g. {"type": "dash"}'); return; }
  if (typeof action !== 'object' || action === null || Array.isArray(action)) { banner('Other action: give a JSON object'); return; }
  if (!('unit' in action) && overlay.selected) action.unit = overlay.selected;
  act(action);
});
if ($('enemy-phase')) {
  $('enemy-phase').addEventListener('click', async () => {
    const answer = await command(`${base}/enemy-phase`, { rolls: rolls() });
    if (answer) explain(answer.decisions);
  });
}
// the enemy phase one step at a time: the engine's next decision with its reasons is
// shown first, on the board it was decided on; "Apply step" plays exactly that one
async function nextStep() {
  const answer = await command(`${base}/enemy-step`, { apply: false });
  if (!answer) return;
  explain([{ ...answer.decision, planned: true }]);
  const apply = document.createElement('button');
  apply.type = 'button';
  apply.id = 'apply-step';
  apply.textContent = 'Apply step';
  apply.addEventListener('click', async () => {
    const done = await command(`${base}/enemy-step`, { apply: true, rolls: rolls() });
    if (done) { explain([done.decision]); $('rolls').value = ''; }
  });
  $('explain').append(apply);
  apply.focus();
}
if ($('enemy-step')) $('enemy-step').addEventListener('click', nextStep);
// an undo or a redo names the board it was decided on (``version``: seq and streams)
if ($('undo')) $('undo').addEventListener('click', () => command(`${base}/undo`, { version: state.version }));
if ($('redo')) $('redo').addEventListener('click', () => command(`${base}/redo`, { version: state.version }));
if ($('ask-undo')) {
  $('ask-undo').addEventListener('click', async () => {
    const answer = await command(`${base}/ask-undo`, {});
    if (answer) banner(`Asked the GM to undo #${answer.asked}.`, 'info');
  });
}

function connect() {
  const live = $('live');
  const source = new EventSource(`${base}/events`);
  source.addEventListener('open', () => { live.textContent = 'live'; live.className = 'live on'; });
  source.addEventListener('state', (event) => show(JSON.parse(event.data)));
  // the browser reconnects by itself and sends Last-Event-ID: no reload needed
  source.addEventListener('error', () => { live.textContent = 'reconnecting…'; live.className = 'live off'; });
  window.tacticianSource = source;
}

// the map's tileset pictures, once (table.map_art): what is not drawn is a notice under
// the map, never an error (the board keeps the palette)
function artNotice(found) {
  const notice = found && found.notice;
  let line = $('art-notice');
  if (!notice) { if (line) line.remove(); return; }
  if (!line) {
    line = document.createElement('p');
    line.id = 'art-notice';
    line.className = 'muted';
    $('legend').after(line);
  }
  line.textContent = `Map pictures: ${plain(notice)}`;
}

// the GM names the battle's Tiled map when its pictures are not drawn (a battle stored
// before its map's place was kept, or whose map moved): the server takes only a map
// that gives the battle's terrain (docs/web.md, "Map pictures of a battle stored ...")
function nameMap(found) {
  let box = $('name-map');
  if (role !== 'gm' || (found && found.art)) { if (box) box.remove(); return; }
  if (box) return;
  box = document.createElement('details');
  box.id = 'name-map';
  const summary = document.createElement('summary');
  summary.textContent = 'Map pictures from a Tiled map…';
  const form = document.createElement('form');
  const label = document.createElement('label');
  label.textContent = "This battle's map file on the server (.tmj or .tmx, its full path) ";
  const input = document.createElement('input');
  input.id = 'name-map-path';
  input.size = 40;
  input.autocomplete = 'off';
  label.append(input);
  const go = document.createElement('button');
  go.type = 'submit';
  go.textContent = 'Use its pictures';
  const said = document.createElement('p');
  said.id = 'name-map-said';
  said.setAttribute('aria-live', 'polite');
  form.append(label, ' ', go, said);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const named = await post(`${base}/art`, { map: input.value.trim() });
      setArt(named, base);
      artNotice(named);
      nameMap(named);
      draw();
      said.textContent = named.art ? '' : 'That map has no tileset pictures to draw.';
    } catch (err) {
      said.textContent = plain(err.message);
    }
  });
  box.append(summary, form);
  ($('art-notice') || $('legend')).after(box);
}

Promise.all([get(`${base}/state`), get(`${base}/art`).catch(() => null)])
  .then(([fresh, found]) => { setArt(found, base); artNotice(found); nameMap(found); show(fresh); connect(); })
  .catch((err) => banner(err.message));
