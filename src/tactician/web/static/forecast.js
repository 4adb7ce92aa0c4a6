// The forecast for people: the headline first (each side's hit and crit chance,
// damage and strikes, the chances that either falls), the Commit button beside it,
// each side's HP after as a small bar chart; every number's terms and the rules
// they come from folded away below. And the dice of a committed action, each with
// what it decided (the strike it was rolled for, its target number, its outcome).
import { plain } from './actions.js';

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const pct = (p) => `${(100 * p).toFixed(p > 0 && p < 0.01 ? 1 : 0)}%`;

function shown(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (Array.isArray(value)) return value.map(shown).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k.replaceAll('_', ' ')}: ${shown(v)}`).join(', ');
  }
  return String(value);
}

// one side's line: "Hit 89% · Crit 2% · 8 damage ×2"
function sideLine(side) {
  const parts = [];
  const hit = typeof side.hit_probability === 'number' ? side.hit_probability : null;
  if (hit !== null) parts.push(`Hit ${pct(hit)}`);
  else if (typeof side.target === 'number') parts.push(`Target ${side.target}`);
  if (typeof side.crit_probability === 'number') parts.push(`Crit ${pct(side.crit_probability)}`);
  if (side.damage !== null && side.damage !== undefined) {
    const dmg = side.damage_range ? `${side.damage_range} (avg ${shown(side.damage)})` : shown(side.damage);
    parts.push(`${dmg} damage${side.strikes > 1 ? ` ×${side.strikes}` : ''}`);
  } else if (side.damage_dice) parts.push(`${side.damage_dice} damage`);
  if (side.strikes === 0) parts.push('no strike back');
  return parts.join(' · ');
}

function headline(report, onCommit) {
  const box = el('div', 'headline');
  const a = report.attacker || {};
  const d = report.defender || {};
  const who = el('div', 'headline-who', `${a.name || 'attacker'} → ${d.name || 'defender'}${a.weapon ? ` with ${a.weapon}` : ''}`);
  box.append(who);
  const lines = el('dl', 'headline-sides');
  for (const side of [a, d]) {
    const line = sideLine(side);
    if (!line) continue;
    lines.append(el('dt', '', side.name || ''), el('dd', '', line));
  }
  box.append(lines);
  const odds = el('div', 'headline-odds');
  const o = report.outcome || {};
  const chance = (label, p, cls) => { if (typeof p === 'number') odds.append(el('span', `chance ${cls}`, `${label} ${pct(p)}`)); };
  if (typeof report.hit === 'number') chance('Hits', report.hit, 'hit');
  if (typeof report.wound === 'number') chance('Wounds', report.wound, 'hit');
  chance(`${d.name || 'Defender'} falls`, o.defender_defeated ?? report.kill, 'kill');
  if (typeof report.dead === 'number' && report.dead > 0) chance(`${d.name || 'Defender'} dies`, report.dead, 'kill');
  chance(`${a.name || 'Attacker'} falls`, o.attacker_defeated, 'risk');
  box.append(odds);
  if (report.order && report.order.length) box.append(el('div', 'muted', `Strikes: ${report.order.join(' → ')}`));
  box.append(commitButton('Commit attack', 'Commit this attack (Enter)', onCommit));
  return box;
}

function bars(title, distribution, max) {
  const box = el('figure', 'dist');
  box.append(el('figcaption', 'dist-title', title));
  const chart = el('div', 'bars');
  chart.setAttribute('role', 'img');
  const entries = Object.entries(distribution).sort((x, y) => Number(x[0]) - Number(y[0]));
  chart.setAttribute('aria-label', `${title}: ${entries.map(([hp, p]) => `${hp} HP ${pct(p)}`).join(', ')}`);
  const top = Math.max(...entries.map(([, p]) => p), 0.0001);
  for (const [hp, p] of entries) {
    const bar = el('div', 'hpbar');
    const fill = el('span', 'fill');
    fill.style.height = `${Math.max(2, Math.round((p / top) * 50))}px`;
    if (Number(hp) <= 0) fill.classList.add('dead');
    bar.append(el('span', 'p', pct(p)), fill, el('span', 'hp', hp));
    bar.title = `${hp}${max ? `/${max}` : ''} HP: ${pct(p)}`;
    chart.append(bar);
  }
  box.append(chart);
  return box;
}

function sides(report) {
  const a = report.attacker || {};
  const d = report.defender || {};
  const table = el('table', 'sides');
  table.append(el('caption', '', 'Both sides\' numbers'));
  const head = el('tr');
  head.append(el('th', '', ''), el('th', '', a.name || 'attacker'), el('th', '', d.name || 'defender'));
  table.append(head);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((k) => !['name', 'id'].includes(k));
  const cell = (key, v) => (key.endsWith('probability') && typeof v === 'number' ? pct(v) : shown(v));
  for (const key of keys) {
    const row = el('tr');
    row.append(el('th', '', key.replaceAll('_', ' ')), el('td', '', cell(key, a[key])), el('td', '', cell(key, d[key])));
    table.append(row);
  }
  return table;
}

// Every term of each side's numbers: what it adds, where it comes from, the rule it
// cites (they sum to the number shown).
function modifiers(report) {
  const table = el('table', 'modifiers');
  table.append(el('caption', '', 'Modifiers'));
  const head = el('tr');
  for (const title of ['unit', 'number', 'value', 'source', 'rule']) head.append(el('th', '', title));
  table.append(head);
  const terms = [...(report.modifiers || [])];
  const m = report.miridon || {};
  for (const [stat, list] of [['to hit', m.to_hit_terms], ['damage', m.damage_terms]]) {
    for (const t of list || []) terms.push({ side: 'attacker', stat, value: t.value, source: t.label, rule: t.rule });
  }
  for (const term of terms) {
    const row = el('tr');
    const who = (report[term.side] && report[term.side].name) || term.side;
    const value = term.value > 0 ? `+${term.value}` : String(term.value);
    row.append(el('td', '', who), el('td', '', term.stat), el('td', 'num', value),
      el('td', '', term.source), el('td', 'rule', term.rule));
    table.append(row);
  }
  return terms.length ? table : null;
}

// A heal's preview (``contract.heal_preview``): each unit's HP before and after with
// the chance of each, every outcome the dice allow with its odds in the rules' words,
// the dice it rolls, Commit, and the rule it follows folded away.
function renderHeal(root, report, onCommit) {
  const box = el('div', 'headline heal');
  const kind = String(report.type || 'heal').replaceAll('_', ' ');
  box.append(el('div', 'headline-who', `${report.unit_name || report.unit || ''}: ${kind}`));
  const list = el('dl', 'headline-sides');
  for (const u of report.units || []) {
    const after = Object.entries(u.after).sort((x, y) => Number(y[0]) - Number(x[0]));
    const text = after.length === 1 ? `${after[0][0]}/${u.max_hp}`
      : after.map(([hp, p]) => `${hp}/${u.max_hp} (${pct(p)})`).join(' or ');
    list.append(el('dt', '', u.name), el('dd', 'hp-change', `HP ${u.hp}/${u.max_hp} → ${text}`));
  }
  if (!(report.units || []).length) list.append(el('dd', 'muted', 'no HP changes'));
  box.append(list);
  // a care action's test (stabilise, first aid, Bleeding): its chance first
  if (typeof report.success === 'number') {
    box.append(el('div', 'heal-success', `Chance of success: ${pct(report.success)}`));
  }
  const outcomes = report.outcomes || [];
  const marks = report.marks || {};
  if (report.summary) box.append(el('div', 'heal-summary', plain(report.summary)));
  else {
    const odds = el('ul', 'heal-outcomes');
    for (const o of outcomes) {
      const item = el('li', '', `${pct(o.probability)}: ${plain(o.example)}`);
      // what it does to each unit's conditions: gained, removed, or all kept
      const said = (o.changes || []).map((c) => `${c.name}: ${[
        ...c.lost.map((w) => `${w} removed`), ...c.gained.map((w) => `now ${w}`)].join('; ')}`);
      if (!said.length) {
        for (const m of Object.values(marks)) {
          if (m.words.length) said.push(`${m.name} keeps ${m.words.join(', ')}`);
        }
      }
      if (said.length) item.append(el('div', 'heal-changes', said.join(' · ')));
      odds.append(item);
    }
    box.append(odds);
  }
  const dice = (report.dice || []).map((d) => `${d.count > 1 ? d.count : ''}d${d.sides} (${d.purpose})`);
  box.append(el('div', 'muted heal-dice', dice.length
    ? `Dice: ${dice.join(', ')}; the odds above are exact (${report.ways} ways the dice can fall)`
    : 'No dice: this is what it does.'));
  box.append(commitButton('Commit', 'Commit this action (Enter)', onCommit));
  root.append(box);
  const charts = el('div', 'charts');
  for (const u of report.units || []) {
    if (Object.keys(u.after).length > 1) charts.append(bars(`${u.name} HP after`, u.after, u.max_hp));
  }
  if (charts.childElementCount) root.append(charts);
  const rule = report.rule || {};
  const more = el('details', 'why');
  more.append(el('summary', '', 'The rule'));
  if (rule.help) more.append(el('p', '', rule.help));
  if (rule.text) more.append(el('p', 'rule-text', rule.text));
  if (rule.procedure) more.append(el('p', 'muted', `resolved by ${rule.procedure}`));
  root.append(more);
}


// The one Commit button of a forecast or a preview (Enter presses it: table.js's keys).
function commitButton(label, title, onCommit) {
  const commit = el('button', 'commit', label);
  commit.type = 'button';
  commit.id = 'commit';
  commit.title = title;
  commit.addEventListener('click', onCommit);
  return commit;
}

export function renderForecast(root, report, onCommit) {
  root.replaceChildren();
  if (report.preview === 'heal') { renderHeal(root, report, onCommit); return; }
  root.append(headline(report, onCommit));
  const charts = el('div', 'charts');
  for (const [who, dist] of Object.entries(report.hp || {})) {
    const side = report[who] || {};
    charts.append(bars(`${side.name || who} HP after`, dist, side.max_hp));
  }
  root.append(charts);
  const more = el('details', 'why');
  more.append(el('summary', '', 'Modifiers and rules'));
  const table = modifiers(report);
  if (table) more.append(table);
  more.append(sides(report));
  const facts = el('ul', 'facts');
  if (report.expected_damage) facts.append(el('li', '', `Expected damage: ${shown(report.expected_damage)}`));
  if (report.locations) facts.append(el('li', '', `Hit locations: ${Object.entries(report.locations).map(([k, p]) => `${k.replaceAll('_', ' ')} ${pct(p)}`).join(', ')}`));
  if (report.defences) facts.append(el('li', '', `By defence: ${Object.entries(report.defences).map(([k, v]) => `${k} hit ${pct(v.hit)}`).join(', ')}`));
  for (const key of ['lines', 'notes', 'sources']) {
    if (Array.isArray(report[key])) for (const line of report[key]) facts.append(el('li', '', plain(shown(line))));
  }
  more.append(facts);
  root.append(more);
}

// ---- dice ----------------------------------------------------------------------

// What each roll decided, from the entry's records: a strike's rolls (its purpose,
// dice, value, target number and outcome) or a line of details (uesrpg: a test
// each, its words in order). Returns groups {purpose, count, decided}.
export function rollGroups(records) {
  const groups = [];
  const walk = (value) => {
    if (Array.isArray(value)) { value.forEach(walk); return; }
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value.rolls) && value.striker !== undefined) {
      value.rolls.forEach((roll, i) => {
        const dice = Array.isArray(roll.dice) ? roll.dice.length : 1;
        const crit = /crit/i.test(roll.purpose);
        const against = crit && typeof value.crit === 'number' ? ` vs crit ${value.crit}`
          : !crit && !/damage/.test(roll.purpose) && typeof value.hit === 'number' ? ` vs hit ${value.hit}` : '';
        let decided = `${value.striker} → ${value.target}: ${roll.purpose}`;
        if (roll.value !== null && roll.value !== undefined && dice > 1) decided += ` = ${roll.value}`;
        decided += against;
        if (/damage/.test(roll.purpose) && typeof value.damage === 'number') decided += `: ${value.damage} damage`;
        else if (value.outcome) decided += `: the strike ${i === 0 ? '' : 'then '}${value.outcome.toUpperCase()}`;
        groups.push({ purpose: roll.purpose, count: dice, decided });
      });
      return;
    }
    if (Array.isArray(value.details)) {
      for (const detail of value.details) {
        const words = String(detail.text || '').split('; ');
        (detail.dice || []).forEach((dice, i) => {
          const said = words[i] || words[words.length - 1] || '';
          const end = i === (detail.dice.length - 1) && words.length > detail.dice.length ? `; ${words.slice(detail.dice.length).join('; ')}` : '';
          groups.push({ purpose: null, count: Array.isArray(dice) ? dice.length : 1, decided: `${detail.unit}: ${said}${end}` });
        });
      }
      return;
    }
    Object.values(value).forEach(walk);
  };
  walk(records);
  return groups;
}

// each die of the entry with what it decided (matched to the groups in order; a die
// no group explains keeps its purpose)
export function decidedBy(entry) {
  const dice = entry.dice || [];
  const groups = rollGroups(entry.records || []);
  const out = [];
  let g = 0;
  let used = 0;
  for (const d of dice) {
    // skip groups whose purpose names another roll than this die's
    while (g < groups.length && groups[g].purpose && groups[g].purpose !== d.purpose && used === 0) g++;
    const group = groups[g];
    if (group && (!group.purpose || group.purpose === d.purpose)) {
      out.push(group.decided);
      used += 1;
      if (used >= group.count) { g++; used = 0; }
    } else {
      out.push(d.purpose);
    }
  }
  return out;
}

export function renderDice(root, entry) {
  root.replaceChildren();
  if (!entry) return;
  root.append(el('div', 'dice-head', `#${entry.seq} ${plain(entry.summary)}`));
  const list = el('ol', 'dice-list');
  root.append(list);
  const dice = entry.dice || [];
  if (!dice.length) list.append(el('li', 'muted', 'no dice'));
  const decided = decidedBy(entry);
  dice.forEach((d, i) => {
    const li = el('li', 'die-row');
    const die = el('span', 'die', `d${d.sides}: ${d.value}`);
    die.style.animationDelay = `${i * 120}ms`;
    li.append(die, el('span', 'decided', plain(decided[i])));
    if (d.by) li.append(el('span', 'muted', d.by === 'seed' ? ' (the battle\'s stream)' : ` (entered by ${d.by})`));
    list.append(li);
  });
  root.append(el('div', 'muted', entry.physical ? 'the table\'s own dice' : 'seeded from the battle\'s seed'));
}
