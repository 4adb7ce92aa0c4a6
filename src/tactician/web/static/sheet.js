// The selected unit's sheet in battle: a folded section whose contents the server
// renders from the board the seat is sent (/t/<id>/sheet/<unit>, templates/sheet.html),
// loaded when opened and again when the board moves on.
const seatEl = document.getElementById('seat');
const base = `/t/${seatEl.dataset.table}`;
let open = false;

export function renderSheet(unit, board) {
  const folded = document.createElement('details');
  folded.className = 'unit-sheet';
  folded.open = open;
  const summary = document.createElement('summary');
  summary.textContent = 'Sheet';
  const body = document.createElement('div');
  folded.append(summary, body);
  const load = async () => {
    const answer = await fetch(`${base}/sheet/${encodeURIComponent(unit.id)}?v=${board.log_length}`, { credentials: 'same-origin' });
    // the server's own template (escaped by Jinja2), same origin
    body.innerHTML = answer.ok ? await answer.text() : '';
  };
  folded.addEventListener('toggle', () => { open = folded.open; if (folded.open) load(); });
  if (open) load();
  return folded;
}
