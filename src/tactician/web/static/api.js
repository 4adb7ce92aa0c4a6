// Requests to this table's server: JSON in and out, the CSRF token on every POST,
// and a refusal turned into an Error carrying the server's one-line message.
const csrf = document.querySelector('meta[name="csrf"]').content;

export class Refused extends Error {
  constructor(status, body) {
    super(body.error || `refused (${status})`);
    this.status = status;
    this.body = body;
  }
}

async function answer(response) {
  let body = {};
  try { body = await response.json(); } catch { body = { error: `HTTP ${response.status}` }; }
  if (!response.ok) throw new Refused(response.status, body);
  return body;
}

export async function get(path) {
  return answer(await fetch(path, { credentials: 'same-origin' }));
}

export async function post(path, data) {
  return answer(await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
    body: JSON.stringify(data),
  }));
}
