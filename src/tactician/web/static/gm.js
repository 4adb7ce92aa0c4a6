// The GM console: open a table and list its join links; re-issue or revoke a seat's
// link from the tables list; look at a sheet.
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
  try {
    renderTables((await get('/gm/tables')).tables);
  } catch (err) {
    tablesEl.textContent = err.message;
  }
}

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
    for (const seat of table.seats) if (seat.role !== 'gm') seats.append(seatItem(table, seat));
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
