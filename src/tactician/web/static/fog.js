// Fog you can see (issue 29). A player's state carries `sight` (the tiles its side
// sees, from the engine): every other tile is shaded. The GM's carries `hidden_from`
// (each unit a side cannot see): its token is marked with those sides; and the GM may
// look through a side's eyes ("See as"), which shades what that side cannot see and
// dims the tokens its board lacks.
import { get } from './api.js';

let seeAs = null; // the GM's chosen side: {side, tiles: Set|null, units: Set}

function keys(tiles) { return tiles ? new Set(tiles.map((t) => `${t[0]},${t[1]}`)) : null; }

export function applyFog(root, state) {
  const own = state.sight ? keys(state.sight.tiles) : null;
  const seen = seeAs ? seeAs.tiles : own;
  for (const tile of root.querySelectorAll('.tile')) {
    const fogged = seen !== null && !seen.has(`${tile.dataset.x},${tile.dataset.y}`);
    tile.classList.toggle('fogged', fogged);
    if (fogged) tile.setAttribute('aria-description', 'not in sight');
    else tile.removeAttribute('aria-description');
  }
  const hidden = state.hidden_from || {};
  for (const token of root.querySelectorAll('.token')) {
    const from = hidden[token.dataset.unit];
    token.classList.toggle('hidden-from', Boolean(from && from.length));
    token.classList.toggle('unseen', Boolean(seeAs && !seeAs.units.has(token.dataset.unit)));
    const old = token.querySelector('.hidden-mark');
    if (old) old.remove();
    if (from && from.length) {
      const mark = document.createElement('span');
      mark.className = 'hidden-mark';
      mark.textContent = '◌';
      mark.title = `hidden from ${from.join(', ')}`;
      token.append(mark);
      token.title += ` · hidden from ${from.join(', ')}`;
    }
  }
}

// the GM's "See as <side>" select, in #fog-tools
export function fogTools(box, state, base, redraw) {
  if (!box || !state.fog_sides || box.dataset.ready) return;
  box.dataset.ready = '1';
  const label = document.createElement('label');
  label.textContent = 'See as ';
  const select = document.createElement('select');
  select.id = 'see-as';
  const all = document.createElement('option');
  all.value = '';
  all.textContent = 'GM (everything)';
  select.append(all);
  for (const side of state.fog_sides) {
    const option = document.createElement('option');
    option.value = side;
    option.textContent = side;
    select.append(option);
  }
  label.append(select);
  box.append(label);
  select.addEventListener('change', async () => {
    await refreshSeeAs(base, select.value);
    redraw();
  });
}

export async function refreshSeeAs(base, side) {
  if (side === undefined) side = seeAs ? seeAs.side : '';
  if (!side) { seeAs = null; return; }
  const answer = await get(`${base}/see-as/${encodeURIComponent(side)}`);
  seeAs = { side, tiles: keys(answer.tiles), units: new Set(answer.units) };
}
