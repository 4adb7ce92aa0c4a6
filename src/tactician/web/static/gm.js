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
    const sheet = await get(`/gm/sheet?ruleset=${encodeURIComponent(f.get('ruleset'))}&unit=${encodeURIComponent(f.get('unit'))}`);
    box.textContent = JSON.stringify(sheet, null, 2);
  } catch (err) {
    box.textContent = err.message;
  }
});

// a seat's link again (a new one: the old stops working) or none (revoked)
for (const button of document.querySelectorAll('#tables button')) {
  button.addEventListener('click', async () => {
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
}
