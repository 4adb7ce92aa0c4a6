// The GM console: open a table and list its join links; re-issue or revoke a seat's
// link from the tables list; look at a sheet. The tables list and the stored battles
// are asked again whenever they may have changed: after a table is opened (an example
// is stored as a new battle) and when the console is shown again (a table played in
// another tab since has more entries, or ended; the CLI stored a battle).
import { get, post } from './api.js';

const links = document.getElementById('links');

function showLinks(answer) {
  links.replaceChildren();
  for (const [seat, url] of Object.entries(answer.links)) {
    const info = answer.seats[seat];
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = url;
    a.textContent = url;
    a.dataset.seat = seat;
    a.target = '_blank';
    li.append(document.createTextNode(`${info.name}${info.units.length ? ` (${info.units.join(', ')})` : ''}: `), a);
    links.append(li);
  }
}

async function open(form, body) {
  try {
    showLinks(await post('/gm/tables', body));
  } catch (err) {
    links.textContent = err.message;
    return;
  }
  // the new table joins the list at once (its links above are shown only once)
  await refresh();
}

// the stored battles' select (templates/gm.html draws the same), keeping the GM's
// choice while that battle is still there
const battlesEl = document.getElementById('battle-id');

function renderBattles(list) {
  const was = battlesEl.value;
  battlesEl.replaceChildren(...list.map((b) => new Option(b.label, String(b.id))));
  if (list.some((b) => String(b.id) === was)) battlesEl.value = was;
}

async function refresh() {
  const [tablesNow, battlesNow] = await Promise.allSettled([get('/gm/tables'), get('/gm/battles')]);
  if (tablesNow.status === 'fulfilled') renderTables(tablesNow.value.tables);
  else tablesEl.textContent = tablesNow.reason.message;
  if (battlesNow.status === 'fulfilled') renderBattles(battlesNow.value.battles);
  else links.textContent = battlesNow.reason.message;
}

// back to the console from a table's tab: what was played there shows here
document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
window.addEventListener('focus', () => refresh());

const tablesEl = document.getElementById('tables');

function seatItem(table, seat) {
  const li = document.createElement('li');
  li.dataset.seat = seat.seat;
  li.append(document.createTextNode(`${seat.name}${seat.units.length ? ` (${seat.units.join(', ')})` : ''}`));
  if (seat.revoked) {
    const em = document.createElement('em');
    em.textContent = 'revoked';
    li.append(' ', em);
  }
  for (const [kind, label] of [['reissue', 'New link'], ['revoke', 'Revoke']]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = kind;
    button.dataset.table = table.id;
    button.dataset.seat = seat.seat;
    button.textContent = label;
    li.append(' ', button);
  }
  const shown = document.createElement('span');
  shown.className = 'seat-link';
  shown.setAttribute('aria-live', 'polite');
  li.append(' ', shown);
  return li;
}

// the list as the server's template draws it (templates/gm.html)
function renderTables(list) {
  // a link a New link button showed stays shown (the list is redrawn on focus too,
  // and the GM may have gone to paste it elsewhere): it is shown only once
  const shownLinks = new Map();
  for (const span of tablesEl.querySelectorAll('li[data-table] li[data-seat] .seat-link')) {
    if (!span.childNodes.length) continue;
    const table = span.closest('li[data-table]').dataset.table;
    shownLinks.set(`${table} ${span.parentElement.dataset.seat}`, [...span.childNodes]);
  }
  tablesEl.replaceChildren();
  if (!list.length) {
    const li = document.createElement('li');
    li.textContent = 'No table yet.';
    tablesEl.append(li);
  }
  for (const table of list) {
    const li = document.createElement('li');
    li.dataset.table = table.id;
    const a = document.createElement('a');
    a.href = table.url;
    a.textContent = table.name;
    const seats = document.createElement('ul');
    for (const seat of table.seats) {
      if (seat.role === 'gm') continue;
      const item = seatItem(table, seat);
      const kept = shownLinks.get(`${table.id} ${seat.seat}`);
      if (kept) item.querySelector('.seat-link').append(...kept);
      seats.append(item);
    }
    li.append(a, ` (${table.ruleset}, battle ${table.battle})`, seats);
    tablesEl.append(li);
  }
}

document.getElementById('open-example').addEventListener('submit', (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  open(e.target, { example: f.get('example'), players: Number(f.get('players')) });
});
document.getElementById('open-battle').addEventListener('submit', (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  open(e.target, { battle_id: Number(f.get('battle_id')), players: Number(f.get('players')) });
});
document.getElementById('sheet-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const box = document.getElementById('sheet');
  try {
    const answer = await fetch(`/gm/sheet.html?ruleset=${encodeURIComponent(f.get('ruleset'))}&unit=${encodeURIComponent(f.get('unit'))}`, { credentials: 'same-origin' });
    if (!answer.ok) {
      const refused = await answer.json().catch(() => ({}));
      throw new Error(refused.error || `the sheet could not be shown (${answer.status})`);
    }
    // the server's own template (escaped by Jinja2), same origin, as a unit's sheet in battle
    box.innerHTML = await answer.text();
  } catch (err) {
    box.textContent = err.message;
  }
});

// a seat's link again (a new one: the old stops working) or none (revoked)
// (one listener on the list: the buttons of a table opened since the page loaded too)
tablesEl.addEventListener('click', async (event) => {
  const button = event.target.closest('button');
  if (!button || !tablesEl.contains(button)) return;
  const { table, seat } = button.dataset;
  const shown = button.parentElement.querySelector('.seat-link');
  const kind = button.classList.contains('revoke') ? 'revoke' : 'link';
  try {
    const answer = await post(`/gm/tables/${table}/seats/${seat}/${kind}`, {});
    shown.replaceChildren();
    if (answer.link) {
      const a = document.createElement('a');
      a.href = answer.link;
      a.textContent = answer.link;
      a.dataset.seat = seat;
      shown.append(a);
    } else {
      shown.textContent = 'revoked: no link opens this seat';
    }
  } catch (err) {
    shown.textContent = err.message;
  }
});
