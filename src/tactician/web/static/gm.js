// The GM console: open a table and list its join links; look at a sheet.
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
