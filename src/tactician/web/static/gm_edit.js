// The GM's edits (issue 29): pick a unit (the selected one, or any in the list, one off
// the map too), then a button: hide it from the other sides or reveal it, set its HP or
// its conditions, take it off the map, or place it (then click a free tile). Each is a
// logged entry (POST /t/<id>/gm-edit), undone with Undo like any other.

let placing = null; // the unit the next tile click places

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'text') node.textContent = value; else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function button(id, text, onClick, title) {
  const b = el('button', { type: 'button', id, text });
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

// the unit the panel edits: the list's choice, kept while it still exists
let chosen = null;

export function gmPlacing() { return placing; }

// a tile click while placing: the unit goes there. True when the click was taken.
export function gmTile(x, y, send) {
  if (!placing) return false;
  const unit = placing;
  placing = null;
  send({ edit: 'place', unit, to: [x, y] });
  return true;
}

export function renderGmEdits(root, state, selected, send, redraw) {
  if (!root) return;
  root.replaceChildren();
  if (!state.gm_edits) {
    root.append(el('p', { text: "This ruleset's battles take no GM edits yet." }));
    return;
  }
  const units = state.board.units || [];
  if (selected && selected !== chosen && units.some((u) => u.id === selected)) chosen = selected;
  if (!units.some((u) => u.id === chosen)) chosen = units.length ? units[0].id : null;
  const hidden = new Set(state.gm_hidden || []);
  const pick = el('select', { id: 'gm-unit' });
  for (const u of units) {
    const notes = [];
    if (!u.position) notes.push('off the map');
    if (hidden.has(u.id)) notes.push('hidden');
    const option = el('option', { value: u.id, text: `${u.name} (${u.side})${notes.length ? ` · ${notes.join(', ')}` : ''}` });
    if (u.id === chosen) option.selected = true;
    pick.append(option);
  }
  pick.addEventListener('change', () => { chosen = pick.value; placing = null; redraw(); });
  root.append(el('label', { for: 'gm-unit', text: 'Unit ' }), pick);
  const unit = units.find((u) => u.id === chosen);
  if (!unit) return;

  const row = el('div', { class: 'gm-row' });
  if (state.gm_hides === false) {
    // this ruleset keeps nothing hidden: every side sees every unit
  } else if (hidden.has(unit.id)) {
    row.append(button('gm-reveal', 'Reveal', () => send({ edit: 'reveal', unit: unit.id }),
      'the other sides see it again wherever their sight reaches'));
  } else {
    row.append(button('gm-hide', 'Hide', () => send({ edit: 'hide', unit: unit.id }),
      'no side but its own sees it, whatever their sight'));
  }
  if (unit.position) {
    row.append(button('gm-remove', 'Remove from map', () => send({ edit: 'remove', unit: unit.id })));
  }
  const place = button('gm-place', placing === unit.id ? 'Click a free tile… (Esc: cancel)' : 'Place on a tile…', () => {
    placing = placing === unit.id ? null : unit.id;
    redraw();
  }, 'then click the tile on the map');
  place.setAttribute('aria-pressed', String(placing === unit.id));
  row.append(place);
  root.append(row);

  const hp = el('input', { id: 'gm-hp', type: 'number', min: '0', max: String(unit.max_hp ?? ''), value: String(unit.hp ?? 0) });
  const hpForm = el('form', { class: 'gm-row', id: 'gm-hp-form' },
    el('label', { for: 'gm-hp', text: `HP (0–${unit.max_hp}) ` }), hp,
    el('button', { type: 'submit', id: 'gm-set-hp', text: 'Set HP' }));
  hpForm.addEventListener('submit', (event) => {
    event.preventDefault();
    send({ edit: 'hp', unit: unit.id, hp: Number(hp.value) });
  });
  root.append(hpForm);

  const names = state.gm_conditions || [];
  if (names.length) {
    const now = unit.statuses || {};
    const box = el('fieldset', { id: 'gm-conditions' }, el('legend', { text: 'Conditions (turns left)' }));
    const inputs = {};
    for (const name of names) {
      const on = el('input', { type: 'checkbox', id: `gm-c-${name}` });
      on.checked = name in now;
      const turns = el('input', { type: 'number', min: '1', max: '99', value: String(now[name] || 1), id: `gm-t-${name}`, 'aria-label': `${name}: turns left` });
      inputs[name] = [on, turns];
      box.append(el('div', {}, on, el('label', { for: `gm-c-${name}`, text: ` ${name} ` }), turns));
    }
    box.append(button('gm-set-conditions', 'Set conditions', () => {
      const conditions = {};
      for (const [name, [on, turns]] of Object.entries(inputs)) if (on.checked) conditions[name] = Number(turns.value);
      send({ edit: 'conditions', unit: unit.id, conditions });
    }));
    root.append(box);
  }
}

export function cancelPlacing() {
  const was = placing !== null;
  placing = null;
  return was;
}
