// The turn tracker: the round and whose turn it is, then the order as a list (the
// initiative or turn order where the ruleset rolls one, the players' order in
// fe-tabletop, the sides' phases otherwise), each unit with what it has left (AP,
// strength and speed points, its action blocks, whether it has acted). Read from the
// board the seat is sent (its side's view): nothing it cannot see is listed.
import { plain } from './actions.js';

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// what a unit has left this turn, in its ruleset's terms
export function left(unit) {
  const parts = [];
  if (typeof unit.ap === 'number') parts.push(`${unit.ap} AP`);
  if (typeof unit.strength === 'number' && typeof unit.max_strength === 'number') parts.push(`str ${unit.strength}/${unit.max_strength}`);
  if (typeof unit.speed === 'number' && typeof unit.max_speed === 'number') parts.push(`spd ${unit.speed}/${unit.max_speed}`);
  if (Array.isArray(unit.actions_left)) parts.push(unit.actions_left.length ? unit.actions_left.join(', ') : 'no actions left');
  if (typeof unit.move_left === 'number' && unit.move_left > 0) parts.push(`${unit.move_left} move left`);
  if (unit.hp <= 0 || unit.down || unit.dead) parts.push('down');
  else if (unit.done || unit.acted) parts.push('has acted');
  return parts.join(' · ');
}

// the one headline line (also the page's #tracker in the bar)
export function headline(board) {
  const who = plain(board.phase_label || `${board.phase} phase`);
  let text = `Round ${board.round} · ${who}`;
  if (board.result && board.result !== 'ongoing') text += ` · Battle over: ${board.result.toUpperCase()}${board.result_reason ? ` (${plain(board.result_reason)})` : ''}`;
  return text;
}

function unitRow(unit, current, mine) {
  const li = el('li', 'turn-unit');
  li.dataset.turnUnit = unit.id;
  if (current) { li.classList.add('current'); li.setAttribute('aria-current', 'true'); }
  if (mine) li.classList.add('mine');
  li.append(el('span', `side-dot side-${unit.side}`), el('span', 'turn-name', unit.name));
  const rest = left(unit);
  if (rest) li.append(el('span', 'turn-left', rest));
  return li;
}

export function renderTracker(root, state) {
  root.replaceChildren();
  const b = state.board;
  const units = new Map(b.units.map((u) => [u.id, u]));
  const mine = new Set(state.controls || []);
  root.append(el('div', 'turn-head', headline(b)));
  const list = el('ol', 'turn-order');
  if (Array.isArray(b.order) && b.order.length) {
    // an initiative or turn order (uesrpg, Miridon): every unit in sight, in order
    for (const id of b.order) {
      const unit = units.get(typeof id === 'string' ? id : id.unit || id.id);
      if (unit) list.append(unitRow(unit, unit.id === b.turn || (b.acting || []).includes(unit.id), mine.has(unit.id)));
    }
  } else if (Array.isArray(b.player_order) && b.player_order.length) {
    // fe-tabletop: the players in the order rolled, each with their units
    for (const player of b.player_order) {
      const li = el('li', 'turn-player');
      if (player === b.current_player) { li.classList.add('current'); li.setAttribute('aria-current', 'true'); }
      li.append(el('strong', '', player));
      const inner = el('ul');
      for (const u of b.units.filter((x) => x.player === player && x.position)) inner.append(unitRow(u, false, mine.has(u.id)));
      li.append(inner);
      list.append(li);
    }
  } else {
    // a phase per side (Tropera, fe-classic, fe-tabletop before the order roll)
    for (const side of b.sides || []) {
      const li = el('li', 'turn-side');
      if (side === b.phase) { li.classList.add('current'); li.setAttribute('aria-current', 'true'); }
      const theirs = b.units.filter((u) => u.side === side && u.position && !(u.hp <= 0 || u.down));
      const waiting = theirs.filter((u) => !(u.acted || u.done));
      li.append(el('strong', '', `${side} phase`), el('span', 'turn-left', ` ${waiting.length} of ${theirs.length} still to act`));
      if (side === b.phase) {
        const inner = el('ul');
        for (const u of theirs) inner.append(unitRow(u, false, mine.has(u.id)));
        li.append(inner);
      }
      list.append(li);
    }
  }
  root.append(list);
}
