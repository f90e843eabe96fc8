import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A second origin in front of Parley, as an operator serves LibreChat's own web client: the page is served here and
// every /api/ call is passed through to Parley, whose DOMAIN_CLIENT names this origin. The page does what LibreChat
// v0.6.10's client does on a full load of /c/{id} (docs/reference/librechat-clients.md (A page load)), in its
// order, with fetch; it is written here from that client's documented behaviour, not taken from it.

/**
 * The page. What mounts at once sends the start-up config, the chat route's config override, the endpoint list and
 * the silent refresh together (the first three without a token: the client has none yet). With the token come the
 * user, the models, the conversation, its messages and the presets. The chat shows the conversation only when an
 * endpoint list (the list's own answer or the override's), the models and the conversation are all in; each is
 * fetched once per page (the client never treats them as stale), so refused lists leave an empty chat. The presets
 * panel saves the shown conversation's options with a title.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LibreChat client shape</title></head>
<body>
<main data-state="loading">
  <ol id="messages"></ol>
  <section id="presets" hidden>
    <ul id="preset-list"></ul>
    <button id="save-preset" type="button">Save as preset</button>
  </section>
</main>
<script>
const calls = (window.__calls = []);
let token = null;
async function call(method, path, body) {
  const headers = {};
  if (token) headers.authorization = 'Bearer ' + token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Logged in the order sent; the status is filled in when the answer is in.
  const entry = { call: method + ' ' + path, status: 0, token: Boolean(headers.authorization) };
  calls.push(entry);
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  entry.status = res.status;
  let data = text;
  try { data = text ? JSON.parse(text) : null; } catch {}
  return { ok: res.ok, status: res.status, data };
}
function showPresets(list) {
  const ul = document.getElementById('preset-list');
  ul.replaceChildren(...list.map((p) => Object.assign(document.createElement('li'), { textContent: p.title })));
}
async function load() {
  const main = document.querySelector('main');
  const id = location.pathname.split('/')[2];
  const [, override, endpoints, refresh] = await Promise.all([
    call('GET', '/api/config'),
    call('GET', '/api/endpoints/config/override'),
    call('GET', '/api/endpoints'),
    call('POST', '/api/auth/refresh'),
  ]);
  // An override's endpoint list stands in for the list's own answer.
  const endpointList = (override.ok && override.data && override.data.endpointsConfig) || (endpoints.ok && endpoints.data);
  if (!refresh.ok || !refresh.data || !refresh.data.token) {
    location.href = '/login';
    return;
  }
  token = refresh.data.token;
  const [, models, convo, messages, presets] = await Promise.all([
    call('GET', '/api/user'),
    call('GET', '/api/models'),
    call('GET', '/api/convos/' + id),
    call('GET', '/api/messages/' + id),
    call('GET', '/api/presets'),
  ]);
  if (!(endpointList && models.ok && convo.ok)) {
    main.dataset.state = 'empty';
    return;
  }
  const list = document.getElementById('messages');
  list.replaceChildren(
    ...(messages.ok ? messages.data : []).map((m) =>
      Object.assign(document.createElement('li'), { textContent: m.text }),
    ),
  );
  const section = document.getElementById('presets');
  section.hidden = false;
  showPresets(presets.ok ? presets.data : []);
  document.getElementById('save-preset').addEventListener('click', async () => {
    const { endpoint, model, temperature, top_p, presence_penalty, frequency_penalty } = convo.data;
    const saved = await call('POST', '/api/presets', {
      endpoint, model, temperature, top_p, presence_penalty, frequency_penalty,
      presetId: null,
      title: 'After a reload',
    });
    if (saved.ok) showPresets(saved.data);
  });
  main.dataset.state = 'chat';
}
if (location.pathname.startsWith('/c/')) load();
</script>
</body></html>`;

const LOGIN_PAGE =
  '<!doctype html><html lang="en"><head><title>Sign in</title></head><body><main></main></body></html>';

export interface Front {
  origin: string;
  /** Where /api/ calls go; set once Parley is up (it needs this origin first, as its DOMAIN_CLIENT). */
  target: URL | null;
  close(): Promise<void>;
}

/** Passes the call through to Parley as a reverse proxy does: Host becomes Parley's, the rest is kept. */
function passThrough(req: IncomingMessage, res: ServerResponse, target: URL) {
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/** The front origin on a free port of 127.0.0.1. */
export async function startFront(): Promise<Front> {
  const front: Front = { origin: '', target: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/') && front.target) return passThrough(req, res, front.target);
    const page = url.startsWith('/c/') ? PAGE : url.startsWith('/login') ? LOGIN_PAGE : null;
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  front.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  front.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return front;
}
