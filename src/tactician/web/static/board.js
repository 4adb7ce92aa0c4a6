// The map: terrain tiles in the ruleset's palette with a glyph each (hover for their
// numbers), tokens with labels and HP bars, and overlays (movement, attack reach,
// path, danger zone). Pure rendering: the caller passes click handlers.
import { terrainStyle } from './palette.js';

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

// a Miridon facing (n, ne, e, ...) as an arrow on the token
const FACING = { n: '↑', ne: '↗', e: '→', se: '↘', s: '↓', sw: '↙', w: '←', nw: '↖' };

// zoom (buttons, or Ctrl + wheel) sets the tile size; the map pans by scrolling its
// frame or by dragging it with the middle button or Shift held
function zoomControls(root) {
  if (root.dataset.zoom) return;
  root.dataset.zoom = '1';
  const bar = el('div', 'zoom');
  const size = (step) => {
    const now = parseFloat(getComputedStyle(root).getPropertyValue('--tile')) || 40;
    root.style.setProperty('--tile', `${Math.min(96, Math.max(20, now + step))}px`);
  };
  for (const [text, step, name] of [['−', -8, 'zoom out'], ['+', 8, 'zoom in']]) {
    const button = el('button', null, text);
    button.type = 'button';
    button.setAttribute('aria-label', name);
    button.addEventListener('click', () => size(step));
    bar.append(button);
  }
  root.before(bar);
  const frame = root.parentElement;
  root.addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    size(e.deltaY < 0 ? 4 : -4);
  }, { passive: false });
  let drag = null;
  root.addEventListener('pointerdown', (e) => {
    if (e.button !== 1 && !e.shiftKey) return;
    drag = { x: e.clientX, y: e.clientY, left: frame.scrollLeft, top: frame.scrollTop };
    e.preventDefault();
  });
  window.addEventListener('pointermove', (e) => {
    if (!drag) return;
    frame.scrollLeft = drag.left - (e.clientX - drag.x);
    frame.scrollTop = drag.top - (e.clientY - drag.y);
  });
  window.addEventListener('pointerup', () => { drag = null; });
}

// The map's Tiled tileset pictures (``/t/<id>/art``, table.map_art): set once the page
// has them; each cell's tiles, bottom layer last in CSS's order, from
// ``/t/<id>/tiles/<n>``, scaled to the tile size. A sheet that is not there (missing
// beside the map) draws nothing: those cells keep the palette, and ``notice`` says so.
let art = null;
let artBase = '';
export function setArt(found, base) {
  art = found && found.art ? found.art : null;
  artBase = base;
}

function paint(tile, index) {
  const cell = art && art.width && art.cells[index];
  if (!cell || !cell.length) return false;
  const images = [];
  const sizes = [];
  const places = [];
  for (const [n, col, row] of [...cell].reverse()) {  // topmost first
    const sheet = art.sheets[n];
    if (!sheet || !sheet.ok) continue;
    const per = (v) => `calc(var(--tile) * ${v / sheet.tilewidth})`;
    images.push(`url("${artBase}/tiles/${n}")`);
    sizes.push(`${per(sheet.imagewidth || sheet.columns * sheet.tilewidth)} auto`);
    places.push(`${per(-(sheet.margin + col * (sheet.tilewidth + sheet.spacing)))} `
      + `calc(var(--tile) * ${-(sheet.margin + row * (sheet.tileheight + sheet.spacing)) / sheet.tileheight})`);
  }
  if (!images.length) return false;
  tile.style.backgroundImage = images.join(', ');
  tile.style.backgroundSize = sizes.join(', ');
  tile.style.backgroundPosition = places.join(', ');
  tile.style.backgroundRepeat = 'no-repeat';
  tile.style.imageRendering = 'pixelated';
  tile.classList.add('art');
  return true;
}

export function renderBoard(root, state, overlay, handlers) {
  const board = state.board;
  zoomControls(root);
  root.replaceChildren();
  // the set-up's deployment area, while units may still be placed
  const deploy = new Set(board.stage === 'setup' && board.deployment && board.deployment.area
    ? board.deployment.area.map((t) => `${t[0]},${t[1]}`) : []);
  root.style.gridTemplateColumns = `repeat(${board.width}, var(--tile))`;
  const units = new Map();
  const sel = board.units.find((u) => u.id === overlay.selected);
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
      const style = terrainStyle(board.ruleset, name);
      tile.style.background = style.colour;
      tile.style.color = style.ink;
      // the map's own picture where it has one (the glyph stays, in a corner)
      if (art && art.width === board.width && art.height === board.height) paint(tile, y * board.width + x);
      tile.append(el('span', 'glyph', style.glyph));
      tile.title = `(${x}, ${y}) ${terrainText(name, state.terrain[name])}`;
      const key = `${x},${y}`;
      if (deploy.has(key)) tile.classList.add('deploy');
      if (overlay.move.has(key)) tile.classList.add('move');
      // a square it can move to shows the move (its attack squares are the rest)
      if (overlay.attack.has(key) && !overlay.move.has(key)) tile.classList.add('attack');
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
        if (unit.image) {  // an optional portrait: the initials stay on it
          token.style.backgroundImage = `url(${JSON.stringify(String(unit.image))})`;
          token.classList.add('portrait');
        }
        token.append(el('span', 'label', label(unit)));
        if (unit.facing && FACING[unit.facing]) {
          const arrow = el('span', 'facing', FACING[unit.facing]);
          arrow.title = `facing ${unit.facing}`;
          token.append(arrow);
        }
        const bar = el('span', 'hp');
        const fill = el('span', 'fill');
        const ratio = unit.max_hp ? Math.max(0, unit.hp) / unit.max_hp : 0;
        fill.style.width = `${Math.round(ratio * 100)}%`;
        fill.classList.add(ratio > 0.5 ? 'ok' : ratio > 0.25 ? 'low' : 'bad');
        bar.append(fill);
        token.append(bar);
        token.title = `${unit.name} (${unit.id}) · ${unit.side} · HP ${unit.hp}/${unit.max_hp}`;
        // a foe the selected unit's attack takes (Miridon's reach ``targets``): ringed,
        // and said from where (where it stands, or after a move to one of its squares)
        const aim = overlay.targets && overlay.targets[unit.id];
        if (aim) {
          const at = sel && sel.position ? `${sel.position[0]},${sel.position[1]}` : null;
          const here = aim.from.some((t) => `${t[0]},${t[1]}` === at);
          token.classList.add(here ? 'target' : 'target-after-move');
          const moves = aim.from.filter((t) => `${t[0]},${t[1]}` !== at).length;
          token.title += ` · ${sel ? sel.name : ''} can attack it (${aim.weapons.join(', ')}) `
            + (here ? 'from where it stands' : '') + (here && moves ? ' or ' : '')
            + (moves ? `after a move to ${moves} square${moves > 1 ? 's' : ''}` : '');
        }
        if (state.controls.includes(unit.id)) {
          // drag one of the seat's units onto a tile in its reach to move it there
          token.draggable = true;
          token.addEventListener('dragstart', (e) => {
            e.dataTransfer.setData('text/plain', unit.id);
            e.dataTransfer.effectAllowed = 'move';
            if (overlay.selected !== unit.id) handlers.tile(x, y, unit);
          });
        }
        tile.append(token);
      }
      tile.addEventListener('dragover', (e) => {
        if (!overlay.move.has(key) || unit) return;
        e.preventDefault();
        handlers.hover(x, y);
      });
      tile.addEventListener('drop', (e) => {
        e.preventDefault();
        if (overlay.move.has(key) && !unit) handlers.tile(x, y, undefined);
      });
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
    const style = terrainStyle(state.board.ruleset, name);
    const swatch = el('span', 'swatch', style.glyph);
    swatch.style.background = style.colour;
    swatch.style.color = style.ink;
    item.append(swatch, document.createTextNode(name));
    item.title = terrainText(name, state.terrain[name]);
    root.append(item);
  }
}

// A shortest path through the tiles the engine says the unit can reach (4-way, or
// 8-way where the reach says its moves go diagonally, as Miridon's), for the preview
// before a move; the rules' own path replaces it as soon as ``/path`` answers.
export function pathTo(from, to, reachable, diagonal = false) {
  const steps = diagonal
    ? [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]
    : [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const start = `${from[0]},${from[1]}`;
  const goal = `${to[0]},${to[1]}`;
  const back = new Map([[start, null]]);
  const queue = [from];
  while (queue.length) {
    const [x, y] = queue.shift();
    if (`${x},${y}` === goal) break;
    for (const [dx, dy] of steps) {
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
