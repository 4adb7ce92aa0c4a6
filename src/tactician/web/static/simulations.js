// The GM desk's stored simulations: list them, draw one as plain SVG (win, loss and
// draw chances with their 95% intervals, the rounds histogram, each unit's chance to
// fall). Every name is text (textContent), never markup.
import { get } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';
const pct = (p) => `${(100 * p).toFixed(1)}%`;

function node(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// horizontal bars with interval whiskers: rows of {label, p, low, high}
export function intervalBars(rows) {
  // room right of the bars for "100.0% [43.9% - 100.0%]" at 12px (about 170px)
  const width = 660, left = 170, bar = 300, step = 24;
  const svg = node('svg', { width, height: step * rows.length + 8, role: 'img' });
  rows.forEach((row, i) => {
    const y = 4 + i * step;
    svg.append(node('text', { x: 0, y: y + 15, 'font-size': 12 }, row.label));
    svg.append(node('rect', { x: left, y, width: bar * row.p, height: step - 8, fill: '#4c72b0' }));
    const mid = y + (step - 8) / 2;
    svg.append(node('line', { x1: left + bar * row.low, x2: left + bar * row.high, y1: mid, y2: mid,
                              stroke: '#000', class: 'interval' }));
    svg.append(node('text', { x: left + bar + 8, y: y + 15, 'font-size': 12 },
                    `${pct(row.p)} [${pct(row.low)} - ${pct(row.high)}]`));
  });
  return svg;
}

export function histogram(distribution) {
  const entries = Object.entries(distribution);
  const most = Math.max(1, ...entries.map(([, n]) => n));
  const step = 28, height = 120;
  const svg = node('svg', { width: Math.max(120, step * entries.length + 8), height: height + 20, role: 'img' });
  entries.forEach(([round, n], i) => {
    const h = (height - 14) * n / most;
    svg.append(node('rect', { x: 4 + i * step, y: height - h, width: step - 6, height: h, fill: '#55a868' }));
    svg.append(node('text', { x: 4 + i * step, y: height + 14, 'font-size': 11 }, round));
    svg.append(node('text', { x: 4 + i * step, y: height - h - 2, 'font-size': 10 }, String(n)));
  });
  return svg;
}

async function show(id) {
  const stored = await get(`/gm/simulations/${id}.json`);
  const s = stored.report.summary;
  document.getElementById('title').textContent =
    `${stored.name} (${stored.ruleset}): ${s.runs} copies, seed ${stored.seed}${s.partial ? ' (partial)' : ''}`;
  const odds = [['win', s.win], ['loss', s.loss], ['draw', s.draw]].map(([label, part]) => ({ label, ...part }));
  for (const v of stored.report.variants || []) odds.push({ label: `win, ${v.vary}`, ...v.summary.win });
  document.getElementById('odds').replaceChildren(intervalBars(odds));
  document.getElementById('rounds').replaceChildren(histogram(s.rounds.distribution));
  document.getElementById('falls').replaceChildren(intervalBars(
    s.units.map((u) => ({ label: `${u.name} (${u.side})`, ...u.falls }))));
}

async function list() {
  const target = document.getElementById('simulations');
  const { simulations } = await get('/gm/simulations.json');
  target.replaceChildren(...simulations.map((sim) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${sim.id}`;
    a.textContent = `${sim.campaign} / ${sim.name}: win ${pct(sim.win.p)} over ${sim.runs} copies`;
    a.addEventListener('click', () => show(sim.id));
    li.append(a);
    return li;
  }));
  if (!simulations.length) target.textContent = 'None stored yet: run `tactician simulate --here`.';
  const chosen = Number(location.hash.slice(1)) || (simulations[0] && simulations[0].id);
  if (chosen) await show(chosen);
}

list().catch((err) => { document.getElementById('simulations').textContent = err.message; });
