// The GM's edits (issue 29): pick a unit (the selected one, or any in the list, one off
// the map too), then a button: hide it from the other sides or reveal it, set its HP,
// give it a condition or take one away (the form offers the ruleset's conditions with
// the values its rules give them: X, turns, rounds, a location), take it off the map,
// or place it (then click a free tile). Each is a logged entry (POST /t/<id>/gm-edit),
// undone with Undo like any other.

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

// What the GM has typed or chosen in the panel and not yet sent, kept across the
// redraws a board update makes (another seat's action redraws the whole table): the
// value of every control they changed (by the unit it edits and the control's id),
// and which control had the focus with its selection. A board update that changes
// nothing the panel shows leaves it untouched (an open list stays open).
const typed = new Map(); // `${unit} ${control id}` -> value
let drawn = null; // what the panel last drew, to leave it be when nothing changed

// a value is the GM's for the unit it edits (a condition's values for that condition
// too: Burning's X is not Bleeding's)
function typedKey(unit, control) {
  const condition = control.closest('#gm-add-condition-form') ? ` ${chosenKind}` : '';
  return `${unit}${condition} ${control.id}`;
}

// the panel's controls the GM types in or chooses from; the unit and the condition
// lists are not among them: what they show is the panel's own choice (``chosen``,
// ``chosenKind``), kept already
function controls(root) {
  return [...root.querySelectorAll('input[id], select[id]')]
    .filter((c) => c.id !== 'gm-unit' && c.id !== 'gm-condition');
}

function focusOf(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active) || !active.id) return null;
  const at = { id: active.id };
  try {
    at.start = active.selectionStart;
    at.end = active.selectionEnd;
    at.direction = active.selectionDirection;
  } catch { /* a select: no selection */ }
  return at;
}

// the GM's own values back into the fresh panel, then their focus and selection
function restore(root, unitId, focus) {
  for (const control of controls(root)) {
    const key = typedKey(unitId, control);
    const offered = control.tagName !== 'SELECT' || [...control.options].some((o) => o.value === typed.get(key));
    if (typed.has(key) && offered) control.value = typed.get(key);
    else typed.delete(key); // nothing typed, or a choice no longer offered
    const remember = () => typed.set(typedKey(unitId, control), control.value);
    control.addEventListener('input', remember);
    control.addEventListener('change', remember);
  }
  if (!focus) return;
  const again = root.querySelector(`#${CSS.escape(focus.id)}`);
  if (!again) return;
  again.focus({ preventScroll: true });
  if (typeof focus.start === 'number' && typeof again.setSelectionRange === 'function') {
    try { again.setSelectionRange(focus.start, focus.end, focus.direction || 'none'); } catch { /* no selection here */ }
  }
}

// a form sent: its values are the board's now (the redraw shows them); if the edit
// was refused, the GM's values come back
function sent(form, unitId, answer, redraw) {
  const mine = controls(form).map((c) => typedKey(unitId, c));
  const kept = mine.filter((k) => typed.has(k)).map((k) => [k, typed.get(k)]);
  for (const k of mine) typed.delete(k);
  Promise.resolve(answer).then((ok) => {
    if (ok) return;
    for (const [k, v] of kept) typed.set(k, v);
    drawn = null;
    redraw();
  });
}

export function renderGmEdits(root, state, selected, send, redraw) {
  if (!root) return;
  const units = state.board.units || [];
  if (selected && selected !== chosen && units.some((u) => u.id === selected)) chosen = selected;
  if (!units.some((u) => u.id === chosen)) chosen = units.length ? units[0].id : null;
  const unitNow = units.find((u) => u.id === chosen);
  const shows = JSON.stringify([state.gm_edits, state.gm_hides, state.gm_hidden,
    state.gm_conditions, (state.gm_unit_conditions || {})[chosen],
    units.map((u) => [u.id, u.name, u.side, Boolean(u.position)]),
    unitNow && [unitNow.hp, unitNow.max_hp], chosen, placing, chosenKind]);
  if (drawn === shows && root.childNodes.length) return;
  drawn = shows;
  const focus = focusOf(root);
  draw(root, state, units, send, redraw);
  restore(root, chosen, focus);
}

function draw(root, state, units, send, redraw) {
  root.replaceChildren();
  if (!state.gm_edits) {
    root.append(el('p', { text: "This ruleset's battles take no GM edits yet." }));
    return;
  }
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

  // text with a numeric keyboard, not type=number: a number field hides its selection
  // from the page, which could then not give it back after a board update
  const hp = el('input', { id: 'gm-hp', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', size: '4', autocomplete: 'off', value: String(unit.hp ?? 0) });
  const hpForm = el('form', { class: 'gm-row', id: 'gm-hp-form' },
    el('label', { for: 'gm-hp', text: `HP (0–${unit.max_hp}) ` }), hp,
    el('button', { type: 'submit', id: 'gm-set-hp', text: 'Set HP' }));
  hpForm.addEventListener('submit', (event) => {
    event.preventDefault();
    sent(hpForm, unit.id, send({ edit: 'hp', unit: unit.id, hp: Number(hp.value) }), redraw);
  });
  root.append(hpForm);

  root.append(conditionsBox(state, unit, send, redraw));
}

// the condition the add form shows, kept across redraws
let chosenKind = null;

// one value a condition takes, as its rules give it: a number in its range or one
// of its choices (an optional one may be left as its default)
function fieldInput(kind, field) {
  const id = `gm-cf-${field.key}`;
  let input;
  if (field.choices) {
    input = el('select', { id, 'data-key': field.key });
    if (!field.required) input.append(el('option', { value: '', text: field.default || '—' }));
    for (const choice of field.choices) input.append(el('option', { value: choice, text: choice.replaceAll('_', ' ') }));
  } else {
    input = el('input', { id, 'data-key': field.key, 'data-number': '', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', size: '4', autocomplete: 'off' });
    if (field.required) input.value = String(field.low);
  }
  const blank = field.required || field.choices ? '' : `; blank: ${field.default}`;
  const bounds = field.choices ? '' : ` (${field.low}–${field.high}${blank})`;
  return el('span', { class: 'gm-field' }, el('label', { for: id, text: `${field.label}${bounds} ` }), input);
}

function conditionsBox(state, unit, send, redraw) {
  const offered = state.gm_conditions || { kinds: [], none: '' };
  const box = el('fieldset', { id: 'gm-conditions' }, el('legend', { text: 'Conditions' }));
  if (!offered.kinds.length) {
    box.append(el('p', { class: 'gm-none', text: offered.none || "This ruleset's units have no conditions to edit." }));
    return box;
  }
  const kinds = new Map(offered.kinds.map((k) => [k.name, k]));
  const held = (state.gm_unit_conditions || {})[unit.id] || [];
  const list = el('ul', { id: 'gm-held' });
  for (const c of held) {
    const item = el('li', { text: `${c.text} ` });
    const kind = kinds.get(c.name);
    if (kind && !c.permanent) {
      const by = {};
      for (const key of kind.removes_by) if (c[key] !== undefined) by[key] = c[key];
      const gone = button(`gm-remove-${c.name.replaceAll(' ', '-')}${by.where ? `-${by.where}` : ''}`, 'Remove',
        () => send({ edit: 'remove_condition', unit: unit.id, condition: { name: c.name, ...by } }),
        `take ${c.name} away`);
      gone.classList.add('gm-remove-condition');
      item.append(gone);
    } else if (c.permanent) {
      item.append(el('small', { text: '(permanent)' }));
    }
    list.append(item);
  }
  if (!held.length) list.append(el('li', { class: 'gm-none', text: 'none' }));
  box.append(list);

  if (!kinds.has(chosenKind)) chosenKind = offered.kinds[0].name;
  const pick = el('select', { id: 'gm-condition' });
  for (const k of offered.kinds) {
    const option = el('option', { value: k.name, text: k.name });
    if (k.name === chosenKind) option.selected = true;
    pick.append(option);
  }
  pick.addEventListener('change', () => { chosenKind = pick.value; redraw(); });
  const kind = kinds.get(chosenKind);
  const form = el('form', { id: 'gm-add-condition-form', class: 'gm-row' },
    el('label', { for: 'gm-condition', text: 'Add ' }), pick);
  for (const field of kind.fields) form.append(fieldInput(kind, field));
  form.append(el('button', { type: 'submit', id: 'gm-add-condition', text: 'Add condition' }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const condition = { name: kind.name };
    for (const input of form.querySelectorAll('[data-key]')) {
      if (input.value === '') continue;
      condition[input.dataset.key] = 'number' in input.dataset ? Number(input.value) : input.value;
    }
    sent(form, unit.id, send({ edit: 'add_condition', unit: unit.id, condition }), redraw);
  });
  box.append(form, el('p', { class: 'gm-cite', id: 'gm-condition-cite', text: kind.cite }));
  return box;
}

export function cancelPlacing() {
  const was = placing !== null;
  placing = null;
  return was;
}
