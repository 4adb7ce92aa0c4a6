// One action's form, built from the ruleset's action schema as the server answers it
// for the selected unit (/choices: each key with the values the rules take now). A
// key picked from a list is a select (units by name, tiles as (x, y), which can also
// be clicked on the map); a number, a yes/no or a word to type is an input. Nothing
// here is JSON: the form gives the action its keys and the page sends it.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export const words = (name) => name.replaceAll('_', ' ');
const LIST = new Set(['units', 'tiles', 'items', 'names', 'choices']);
const tileText = (t) => `(${t[0]}, ${t[1]})`;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// how a value reads: a unit by its name, a tile as (x, y), a word as itself
export function valueText(value, names) {
  if (Array.isArray(value) && value.length === 2 && value.every(Number.isInteger)) return tileText(value);
  if (Array.isArray(value)) return value.map((v) => valueText(v, names)).join(', ');
  if (typeof value === 'string' && names && names.has(value)) return names.get(value);
  return String(value);
}

function initial(kind, key) {
  const ready = kind.ready || {};
  if (key.name in ready) {
    const v = ready[key.name];
    return LIST.has(key.kind) && Array.isArray(v) && key.kind !== 'tiles' ? v[0] : key.kind === 'tiles' ? v[0] : v;
  }
  const legal = (kind.legal || {})[key.name];
  if (key.required && legal && legal.length) return legal[0];
  return undefined;
}

// The form's state: {values: name -> value or undefined}; ``mapKey`` the key a click
// on the map fills (the first tile key), ``tiles`` the tiles it takes.
export function buildForm(root, kind, names, handlers) {
  root.replaceChildren();
  const form = el('form', 'action-form');
  form.dataset.kind = kind.type;
  const state = { kind, values: {}, mapKey: null, tiles: [] };
  form.append(el('div', 'form-help', kind.help));
  for (const key of kind.keys) {
    const legal = (kind.legal || {})[key.name];
    const offered = legal !== undefined ? legal : key.options;
    if (!key.required && Array.isArray(offered) && !offered.length) continue; // nothing to pick now
    const row = el('label', 'field');
    row.append(el('span', 'field-name', words(key.name) + (key.required ? '' : ' (optional)')));
    row.title = key.help;
    let input;
    if (offered !== undefined) {
      input = el('select');
      input.name = key.name;
      if (!key.required) input.append(new Option('—', ''));
      offered.forEach((value, i) => {
        const option = new Option(valueText(value, names), String(i));
        option.dataset.value = JSON.stringify(value);
        input.append(option);
      });
      const start = initial(kind, key);
      const at = offered.findIndex((v) => same(v, start));
      input.value = at >= 0 ? String(at) : key.required && offered.length ? '0' : '';
      const read = () => { state.values[key.name] = input.value === '' ? undefined : offered[Number(input.value)]; };
      input.addEventListener('change', () => { read(); handlers.changed(state); });
      read();
      if ((key.kind === 'tile' || key.kind === 'tiles') && state.mapKey === null) {
        state.mapKey = key.name;
        state.tiles = offered;
        state.pickTile = (x, y) => {
          const i = offered.findIndex((t) => t[0] === x && t[1] === y);
          if (i < 0) return false;
          input.value = String(i);
          read();
          handlers.changed(state);
          return true;
        };
      }
      if (!offered.length) input.disabled = true;
    } else if (key.kind === 'integer') {
      input = el('input');
      input.type = 'number';
      if (key.minimum !== undefined) input.min = key.minimum;
      if (key.maximum !== undefined) input.max = key.maximum;
      input.name = key.name;
      const read = () => { state.values[key.name] = input.value === '' ? undefined : Number(input.value); };
      input.addEventListener('input', read);
      read();
    } else if (key.kind === 'flag') {
      input = el('input');
      input.type = 'checkbox';
      input.name = key.name;
      const read = () => { state.values[key.name] = input.checked ? true : undefined; };
      input.addEventListener('change', read);
      read();
    } else {
      input = el('input');
      input.type = 'text';
      input.name = key.name;
      input.autocomplete = 'off';
      if (key.max_length) input.maxLength = key.max_length;
      const read = () => { state.values[key.name] = input.value.trim() === '' ? undefined : input.value.trim(); };
      input.addEventListener('input', read);
      read();
    }
    input.dataset.key = key.name;
    row.append(input);
    form.append(row);
  }
  if (state.mapKey) form.append(el('div', 'muted', 'Click a highlighted tile on the map, or pick it above.'));
  const buttons = el('div', 'form-buttons');
  const go = el('button', 'commit', handlers.label || `Do: ${words(kind.type)}`);
  go.type = 'submit';
  go.id = 'do-action';
  const cancel = el('button', '', 'Cancel (Esc)');
  cancel.type = 'button';
  cancel.addEventListener('click', handlers.cancel);
  buttons.append(go, cancel);
  form.append(buttons);
  form.addEventListener('submit', (event) => { event.preventDefault(); handlers.submit(actionOf(state, handlers.unit)); });
  root.append(form);
  return state;
}

// the action the form says: its type, the acting unit, every key given (a list key
// takes its one picked value as a list)
export function actionOf(state, unit) {
  const action = { type: state.kind.type };
  if (unit) action.unit = unit;
  for (const key of state.kind.keys) {
    const value = state.values[key.name];
    if (value === undefined) continue;
    action[key.name] = LIST.has(key.kind) && !(key.kind === 'tiles' && Array.isArray(value[0])) ? [value] : value;
  }
  return action;
}
