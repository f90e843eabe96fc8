import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flatHeaders, readBody, sendJson } from './http';
import { buildPlan } from './plan';
import type { SimRequest } from './protocol';
import { modelList } from './protocols/models';
import { respond } from './respond';
import { matchRoute } from './routes';
import type { Route } from './routes';
import { ScriptError, readScript } from './script';
import { scriptForModel, stepFor, unofferedCall } from './steps';
import type { RecordedRequest, Sim, SimOptions } from './types';

type Generate = Extract<Route, { kind: 'generate' }>;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export async function startSim(options: SimOptions = {}): Promise<Sim> {
  const log: RecordedRequest[] = [];
  // One controller per live generation, so close() can stop pacing timers and hanging answers at once.
  const live = new Set<AbortController>();
  const maxRecorded = options.maxRecorded ?? 10_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sim');
    const headers = flatHeaders(req);
    const route = matchRoute(method, url.pathname, headers);
    if (route?.kind === 'log') {
      if (method === 'DELETE') log.length = 0;
      return method === 'DELETE' ? void res.writeHead(204).end() : sendJson(res, 200, log);
    }
    const text = await readBody(req);
    const parsed = parseJson(text);
    const entry: RecordedRequest = {
      provider: route?.provider ?? 'unknown',
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: parsed.ok ? parsed.value : text,
      at: Date.now(),
    };
    log.push(entry);
    // Long benchmarks would otherwise grow the log without bound; the newest entries are the useful ones.
    if (log.length > maxRecorded) log.splice(0, log.length - maxRecorded);
    if (!route)
      return sendJson(res, 404, {
        error: { message: `No sim route for ${method} ${url.pathname}`, type: 'not_found' },
      });
    if (route.kind === 'models') return sendJson(res, 200, modelList(route.family, options.models));
    if (!parsed.ok || !isObject(parsed.value)) {
      return sendJson(
        res,
        400,
        route.protocol.errorBody('bad_request', 400, 'Request body is not a JSON object.'),
      );
    }
    const simReq: SimRequest = { ...entry, body: parsed.value, params: route.params };
    await generate(route, simReq, entry, res);
  }

  async function generate(route: Generate, req: SimRequest, entry: RecordedRequest, res: ServerResponse) {
    const view = route.protocol.view(req);
    entry.model = view.model;
    if (view.images.length > 0) entry.images = view.images;
    if (req.params['deployment'] !== undefined) entry.deployment = req.params['deployment'];
    const refuse = (message: string) =>
      sendJson(res, 400, route.protocol.errorBody('bad_request', 400, message));
    let step;
    try {
      const script = readScript(req.headers['x-sim-script'], view.lastUserText);
      const rule = options.rules?.find((r) => view.lastUserText.includes(r.contains));
      step = stepFor(scriptForModel({ ...rule?.script, ...script }, view.model), view.toolRounds);
    } catch (error) {
      if (!(error instanceof ScriptError)) throw error;
      return refuse(error.message);
    }
    // A runtime that forgot to send its tools must fail here, as it would against a real model.
    const unoffered = unofferedCall(step.toolCalls ?? [], view.offeredTools);
    if (unoffered !== undefined) {
      const offered = view.offeredTools.length > 0 ? `only: ${view.offeredTools.join(', ')}` : 'no tools';
      return refuse(`sim script calls tool "${unoffered}", but the request offers ${offered}`);
    }
    const plan = buildPlan(step, options.defaults ?? {}, view);
    const controller = new AbortController();
    live.add(controller);
    res.on('close', () => controller.abort());
    // A client that left while its body was being read has already fired 'close'.
    if (res.destroyed || !res.socket || res.socket.destroyed) controller.abort();
    try {
      await respond({ res, protocol: route.protocol, req, plan, signal: controller.signal });
    } finally {
      live.delete(controller);
    }
  }

  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendJson(res, 500, { error: { message: `sim failure: ${String(error)}`, type: 'sim_error' } });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}`,
    port,
    requests: () => [...log],
    clearRequests: () => void (log.length = 0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const controller of live) controller.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging answers and idle keep-alive sockets would otherwise hold close() open forever.
        server.closeAllConnections();
      }),
  };
}
