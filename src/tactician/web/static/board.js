// The map: terrain tiles (hover for their numbers), tokens with labels and HP bars,
// and overlays (movement, attack reach, path, danger zone). Pure rendering: the
// caller passes click handlers.
const PALETTE = {
  plain: '#dfe8c8', road: '#e8d9b0', forest: '#8fbf7a', mountain: '#a89a8a', peak: '#7d7064',
  shallows: '#a9d3e8', 'deep water': '#5b8fc2', water: '#5b8fc2', sea: '#5b8fc2', lake: '#5b8fc2',
  wall: '#6e6e6e', fort: '#c9a96e', village: '#e0b27a', rough: '#cdbf94', sand: '#efe0a8',
  desert: '#efe0a8', river: '#7fb3d5', bridge: '#c8a878', cliff: '#8c7b6b', floor: '#e6e1d6',
  throne: '#d4af37', gate: '#b58a4c', pillar: '#9a9a9a', house: '#e0b27a',
};

function colour(name) {
  if (PALETTE[name]) return PALETTE[name];
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${h} 35% 72%)`;
}

export function terrainText(name, numbers) {
  if (!numbers) return name;
  const cost = Object.entries(numbers.cost || {}).map(([k, v]) => `${k} ${v ?? '—'}`).join(', ');
  const parts = [`${name}`, `move cost: ${cost || '—'}`];
  if (numbers.avoid) parts.push(`avoid +${numbers.avoid}`);
  if (numbers.defense) parts.push(`defence +${numbers.defense}`);
  if (numbers.healing) parts.push(`heals ${numbers.healing}`);
  if (numbers.description) parts.push(numbers.description);
  return parts.join(' · ');
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function label(unit) {
  // a short token label: the name's first letters and any number in it (Brigand 2: Br2)
  const digits = (unit.name.match(/\d+/) || [''])[0];
  const words = unit.name.split(/[^\p{L}]+/u).filter(Boolean);
  if (words.length > 1 && !digits) return words.map((w) => w[0]).join('').slice(0, 3);
  const letters = words.join('');
  return (letters.slice(0, digits ? 2 : 3) + digits).slice(0, 4) || unit.id.slice(0, 3);
}

export function renderBoard(root, state, overlay, handlers) {
  const board = state.board;
  root.replaceChildren();
  root.style.gridTemplateColumns = `repeat(${board.width}, var(--tile))`;
  const units = new Map();
  for (const u of board.units) {
    if (!u.position || u.carried_by) continue;
    // a fallen unit left on its tile never hides the standing one that moved onto it
    const at = `${u.position[0]},${u.position[1]}`;
    const there = units.get(at);
    const fallen = (x) => x.hp <= 0 || x.down;
    if (!there || (fallen(there) && !fallen(u))) units.set(at, u);
  }
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const name = board.rows[y][x];
      const tile = el('div', 'tile');
      tile.dataset.x = x;
      tile.dataset.y = y;
      tile.style.background = colour(name);
      tile.title = `(${x}, ${y}) ${terrainText(name, state.terrain[name])}`;
      const key = `${x},${y}`;
      if (overlay.move.has(key)) tile.classList.add('move');
      if (overlay.attack.has(key)) tile.classList.add('attack');
      if (overlay.danger.has(key)) tile.classList.add('danger');
      if (overlay.path.has(key)) tile.classList.add('path');
      const unit = units.get(key);
      if (unit) {
        const token = el('div', `token side-${unit.side}`);
        token.dataset.unit = unit.id;
        if (state.controls.includes(unit.id)) token.classList.add('mine');
        if (unit.acted) token.classList.add('acted');
        if (unit.hp <= 0 || unit.down) token.classList.add('down');
        if (overlay.selected === unit.id) token.classList.add('selected');
        token.append(el('span', 'label', label(unit)));
        const bar = el('span', 'hp');
        const fill = el('span', 'fill');
        const ratio = unit.max_hp ? Math.max(0, unit.hp) / unit.max_hp : 0;
        fill.style.width = `${Math.round(ratio * 100)}%`;
        fill.classList.add(ratio > 0.5 ? 'ok' : ratio > 0.25 ? 'low' : 'bad');
        bar.append(fill);
        token.append(bar);
        token.title = `${unit.name} (${unit.id}) · ${unit.side} · HP ${unit.hp}/${unit.max_hp}`;
        tile.append(token);
      }
      tile.addEventListener('click', () => handlers.tile(x, y, unit));
      tile.addEventListener('mouseenter', () => handlers.hover(x, y));
      root.append(tile);
    }
  }
}

export function renderLegend(root, state) {
  root.replaceChildren();
  const used = new Set(state.board.rows.flat());
  for (const name of used) {
    const item = el('span', 'key');
    const swatch = el('span', 'swatch');
    swatch.style.background = colour(name);
    item.append(swatch, document.createTextNode(name));
    item.title = terrainText(name, state.terrain[name]);
    root.append(item);
  }
}

// A shortest path through the tiles the engine says the unit can reach (4-way), for
// the preview before a move; the engine's own path is shown once the move is logged.
export function pathTo(from, to, reachable) {
  const start = `${from[0]},${from[1]}`;
  const goal = `${to[0]},${to[1]}`;
  const back = new Map([[start, null]]);
  const queue = [from];
  while (queue.length) {
    const [x, y] = queue.shift();
    if (`${x},${y}` === goal) break;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const key = `${x + dx},${y + dy}`;
      if (!back.has(key) && reachable.has(key)) {
        back.set(key, `${x},${y}`);
        queue.push([x + dx, y + dy]);
      }
    }
  }
  const path = new Set();
  for (let at = back.has(goal) ? goal : null; at; at = back.get(at)) path.add(at);
  return path;
}
