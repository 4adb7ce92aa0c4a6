// The table's chat: messages for everyone and whispers (to one seat, the GM's among
// them), and /roll EXPR in the CLI's dice notation, every die and the seed shown.
// New messages are fetched every few seconds (after the last number seen).
import { get, post } from './api.js';

const seatEl = document.getElementById('seat');
const base = `/t/${seatEl.dataset.table}`;
const list = document.getElementById('chat-log');
const to = document.getElementById('chat-to');
const text = document.getElementById('chat-text');
let last = 0;
let seatsShown = false;

function line(m) {
  const li = document.createElement('li');
  li.dataset.n = m.n;
  if (m.to) li.className = 'whisper';
  const who = document.createElement('strong');
  who.textContent = m.to ? `${m.name} → ${m.to_name}` : m.name;
  li.append(who, document.createTextNode(': '));
  if (m.roll) {
    const r = m.roll;
    const dice = r.dice.map((d) => (d.kept ? `${d.value}` : `${d.value} (${d.status})`)).join(', ');
    li.append(document.createTextNode(`rolled ${r.expression}: `));
    const total = document.createElement('span');
    total.className = 'roll-total';
    total.textContent = String(r.total);
    li.append(total, document.createTextNode(` (d${r.dice.map((d) => d.sides).join(', d')}: ${dice}; seed ${r.seed})`));
    li.title = r.breakdown;
  } else {
    li.append(document.createTextNode(m.text));
  }
  return li;
}

async function refresh() {
  try {
    const answer = await get(`${base}/chat?after=${last}`);
    if (!seatsShown) {
      for (const s of answer.seats) {
        const option = document.createElement('option');
        option.value = s.seat;
        option.textContent = `whisper to ${s.name}`;
        to.append(option);
      }
      seatsShown = true;
    }
    for (const m of answer.messages) {
      if (m.n <= last) continue;
      list.append(line(m));
      last = m.n;
    }
    list.scrollTop = list.scrollHeight;
  } catch (err) { /* the table page shows connection trouble */ }
}

document.getElementById('chat-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!text.value.trim()) return;
  try {
    await post(`${base}/chat`, { text: text.value, to: to.value || null });
    text.value = '';
    text.classList.remove('refused');
    text.removeAttribute('aria-invalid');
  } catch (err) {
    text.classList.add('refused');
    text.setAttribute('aria-invalid', 'true');
    text.title = err.message;
    const li = document.createElement('li');
    li.className = 'chat-error';
    li.textContent = err.message;
    list.append(li);
  }
  refresh();
});

refresh();
setInterval(refresh, 3000);
