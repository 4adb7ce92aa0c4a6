// A join link is /t/<id>/join#<token>: the secret stays in the fragment (never sent in
// a request line, a log or a referrer). Joining POSTs it as JSON, which only a page of
// this server can do, once the player presses Join; the answer sets the seat's cookie.
const main = document.querySelector('main.join');
const table = main.dataset.table;  // empty: the GM console's link
const here = table ? `/t/${table}` : '/gm';
const token = decodeURIComponent(window.location.hash.slice(1));
const error = document.getElementById('join-error');
const button = document.getElementById('join');
history.replaceState(null, '', window.location.pathname);  // the secret leaves the address bar
if (!token) {
  button.disabled = true;
  error.hidden = false;
  error.textContent = 'This link holds no seat token: ask the GM for your join link.';
}
button.addEventListener('click', async () => {
  const answer = await fetch(`${here}/join`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }), credentials: 'same-origin',
  });
  if (answer.ok) {
    window.location.replace(here);
    return;
  }
  const body = await answer.json().catch(() => ({}));
  error.hidden = false;
  error.textContent = body.error || `joining failed (${answer.status})`;
});
