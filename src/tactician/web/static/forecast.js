// The forecast panel: both sides' numbers as the ruleset reports them (displayed and
// true hit and crit, damage, strikes, every modifier with its source), the strike
// order, the kill chances and each HP distribution as a small bar chart; and the
// dice of a committed attack, shown one by one.
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const pct = (p) => `${(100 * p).toFixed(1)}%`;

function shown(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(3);
  if (Array.isArray(value)) return value.map(shown).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k}: ${shown(v)}`).join(', ');
  }
  return String(value);
}

function sides(report) {
  const a = report.attacker || {};
  const d = report.defender || {};
  const table = el('table', 'sides');
  const head = el('tr');
  head.append(el('th', '', ''), el('th', '', a.name || 'attacker'), el('th', '', d.name || 'defender'));
  table.append(head);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((k) => k !== 'name');
  // true chances (probabilities) as percentages; displayed numbers as the ruleset gives them
  const cell = (key, v) => (key.endsWith('probability') && typeof v === 'number' ? pct(v) : shown(v));
  for (const key of keys) {
    const row = el('tr');
    row.append(el('th', '', key.replaceAll('_', ' ')), el('td', '', cell(key, a[key])), el('td', '', cell(key, d[key])));
    table.append(row);
  }
  return table;
}

function bars(title, distribution) {
  const box = el('div', 'dist');
  box.append(el('div', 'dist-title', title));
  const chart = el('div', 'bars');
  const entries = Object.entries(distribution).sort((x, y) => Number(x[0]) - Number(y[0]));
  const top = Math.max(...entries.map(([, p]) => p), 0.0001);
  for (const [hp, p] of entries) {
    const bar = el('div', 'hpbar');
    const fill = el('span', 'fill');
    fill.style.height = `${Math.max(2, Math.round((p / top) * 60))}px`;
    bar.append(fill, el('span', 'hp', hp));
    bar.title = `${hp} HP: ${pct(p)}`;
    chart.append(bar);
  }
  box.append(chart);
  return box;
}

// Every term of each side's numbers: what it adds, where it comes from, the rule it
// cites (the ruleset's own terms: for each side and number they sum to the number shown).
function modifiers(report) {
  const table = el('table', 'modifiers');
  table.append(el('caption', '', 'Modifiers'));
  const head = el('tr');
  for (const title of ['unit', 'number', 'value', 'source', 'rule']) head.append(el('th', '', title));
  table.append(head);
  for (const term of report.modifiers) {
    const row = el('tr');
    const who = (report[term.side] && report[term.side].name) || term.side;
    const value = term.value > 0 ? `+${term.value}` : String(term.value);
    row.append(el('td', '', who), el('td', '', term.stat), el('td', 'num', value),
      el('td', '', term.source), el('td', 'rule', term.rule));
    table.append(row);
  }
  return table;
}

export function renderForecast(root, report, onCommit) {
  root.replaceChildren();
  root.append(sides(report));
  const lines = el('ul', 'facts');
  const add = (text) => lines.append(el('li', '', text));
  if (report.order) add(`Order: ${report.order.join(' → ')}`);
  if (report.outcome) {
    const o = report.outcome;
    if (o.defender_defeated !== undefined) add(`${report.defender.name} falls: ${pct(o.defender_defeated)}`);
    if (o.attacker_defeated !== undefined) add(`${report.attacker.name} falls: ${pct(o.attacker_defeated)}`);
    if (o.both_stand !== undefined) add(`Both stand: ${pct(o.both_stand)}`);
  }
  for (const key of ['hit', 'wound', 'kill', 'dead']) {
    if (typeof report[key] === 'number') add(`${key}: ${pct(report[key])}`);
  }
  if (report.expected_damage) add(`Expected damage: ${shown(report.expected_damage)}`);
  if (report.locations) add(`Hit locations: ${Object.entries(report.locations).map(([k, p]) => `${k} ${pct(p)}`).join(', ')}`);
  for (const key of ['lines', 'notes', 'sources']) {
    if (Array.isArray(report[key])) for (const line of report[key]) add(shown(line));
  }
  root.append(lines);
  if (Array.isArray(report.modifiers) && report.modifiers.length) root.append(modifiers(report));
  for (const [who, dist] of Object.entries(report.hp || {})) {
    const name = (report[who] && report[who].name) || who;
    root.append(bars(`${name} HP after`, dist));
  }
  const commit = el('button', 'commit', 'Commit attack');
  commit.type = 'button';
  commit.id = 'commit';
  commit.addEventListener('click', onCommit);
  root.append(commit);
}

export function renderDice(root, entry) {
  root.replaceChildren();
  if (!entry) return;
  root.append(el('div', 'dice-head', `#${entry.seq} ${entry.summary}`));
  const row = el('div', 'dice-row');
  root.append(row);
  const dice = entry.dice || [];
  if (!dice.length) row.append(el('span', 'muted', 'no dice'));
  dice.forEach((d, i) => {
    const die = el('span', 'die', `d${d.sides}: ${d.value}`);
    die.title = d.purpose;
    die.style.animationDelay = `${i * 120}ms`;
    row.append(die);
  });
  root.append(el('div', 'muted', entry.physical ? 'the table\'s own dice' : 'seeded from the battle\'s seed'));
}
