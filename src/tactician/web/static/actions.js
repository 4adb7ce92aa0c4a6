// The action menu of the selected unit (or of the table: end the phase, roll the
// order), from the server's /choices answer: every kind the rules take now is a
// button (with its shortcut key), every kind they refuse is folded away with the
// rules' reason. A kind with nothing to choose (wait, dash) is done at once; the
// others open their form (forms.js).
import { words } from './forms.js';

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// shortcut keys of the common kinds (every ruleset's name for them); the rest take
// the digits 1-9 in the menu's order
export const SHORTCUTS = { move: 'm', attack: 'a', wait: 'w', end_phase: 'e', end_turn: 'e' };

// a rules' refusal reads without command-line words (`battle ...`, --rolls)
export function plain(text) {
  return String(text || '')
    .replace(/\s*\([^()]*`[^()]*\)/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s*\(?add it to --rolls\)?/g, '');
}

// whether a kind needs a form: some key the seat chooses (not all filled by "ready")
export function needsForm(kind) {
  return kind.keys.some((k) => {
    const legal = (kind.legal || {})[k.name];
    if (k.required && legal && legal.length > 1) return true;
    if (k.required && !legal && !k.options) return true; // typed or numbered
    if (!k.required && legal && legal.length) return true; // an optional pick offered
    return false;
  });
}

export function usable(kind) { return kind.ready !== null && kind.ready !== undefined || kind.open; }

// Render the menu; ``choose(kind)`` is called when a kind is picked. Returns the
// shortcut map (key -> kind) for the page's keyboard handler.
export function renderActions(root, answer, choose, title) {
  root.replaceChildren();
  const keys = new Map();
  if (!answer) return keys;
  const ok = answer.kinds.filter(usable);
  const not = answer.kinds.filter((k) => !usable(k));
  if (title) root.append(el('div', 'menu-title', title));
  const menu = el('div', 'menu');
  menu.setAttribute('role', 'toolbar');
  let digit = 1;
  for (const kind of ok) {
    let key = SHORTCUTS[kind.type];
    if (!key || keys.has(key)) key = digit <= 9 ? String(digit++) : null;
    const button = el('button', 'kind', words(kind.type));
    button.type = 'button';
    button.dataset.kind = kind.type;
    button.title = kind.help + (key ? ` (key ${key})` : '');
    if (key) {
      button.append(el('kbd', '', key));
      keys.set(key, kind);
    }
    button.addEventListener('click', () => choose(kind));
    menu.append(button);
  }
  if (!answer.kinds.length) return keys; // a menu with no kinds at all (the table's, in a turn order)
  if (!ok.length) menu.append(el('span', 'muted', 'Nothing the rules allow now.'));
  root.append(menu);
  if (not.length) {
    const folded = el('details', 'not-now');
    folded.append(el('summary', '', `Not now (${not.length})`));
    const list = el('ul');
    for (const kind of not) {
      const li = el('li');
      li.dataset.kind = kind.type;
      li.append(el('strong', '', words(kind.type)), document.createTextNode(`: ${plain(kind.refused)}`));
      list.append(li);
    }
    folded.append(list);
    root.append(folded);
  }
  return keys;
}
