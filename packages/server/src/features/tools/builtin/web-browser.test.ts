import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { ToolError, type ToolContext } from '../tool';
import { testToolContext } from '../tool-context.test-helpers';
import { createWebBrowserTool, type PageReaderLimits } from './web-browser';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The pages the local server answers, by path; every path asked for is recorded. */
let routes: Record<string, Handler>;
let asked: string[];
let server: Server;
let base: string;
let port: number;

beforeEach(async () => {
  routes = {};
  asked = [];
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const handler = routes[req.url ?? ''];
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const html =
  (body: string, type = 'text/html; charset=utf-8'): Handler =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': type }).end(body);
const redirect =
  (location: string, status = 302): Handler =>
  (_req, res) =>
    res.writeHead(status, { location }).end();
/** Never answers: the request stays open until the client gives up. */
const silent: Handler = () => {};

/** A context whose guard lets the tool reach this machine's test server. */
const localContext = (overrides: Partial<ToolContext> = {}) =>
  testToolContext({ guardedFetch: createGuardedFetch({ allowedRanges: ['127.0.0.0/8'] }), ...overrides });

const read = (url: string, ctx = localContext(), limits: Partial<PageReaderLimits> = {}, query?: string) =>
  createWebBrowserTool(limits).run({ url, ...(query ? { query } : {}) }, ctx);

const filler = (words: string) => `${words} `.repeat(12);

const ARTICLE = `<!doctype html><html><head><title>Tides of the North Sea</title>
<script>var tracking = "SECRET_SCRIPT";</script><style>.x { color: red }</style></head>
<body><nav><a href="/">Home</a> <a href="/shop">MENU_SHOP</a></nav>
<article><h1>Tides of the North Sea</h1>
<p>The tide rises twice a day along the coast, as <a href="/moon">the moon pulls the water</a>. ${filler('Waves and currents follow.')}</p>
<p>Fishermen plan their trips around it. ${filler('Boats leave at high water.')}</p></article>
<footer>FOOTER_COPYRIGHT 2024</footer></body></html>`;

describe('web-browser', () => {
  it('answers an article page with its title and main text, without menus or scripts', async () => {
    routes['/article'] = html(ARTICLE);
    const ctx = localContext();
    const { output } = await read(`${base}/article`, ctx);
    expect(output).toMatch(/^Title: Tides of the North Sea\nURL: http:\/\/127\.0\.0\.1:\d+\/article\n/);
    expect(output).toContain('The tide rises twice a day along the coast, as the moon pulls the water.');
    expect(output).toContain('Fishermen plan their trips around it.');
    expect(output).not.toMatch(/SECRET_SCRIPT|MENU_SHOP|color: red/);
    expect(ctx.progressed).toEqual([`Reading 127.0.0.1:${port}…`]);
  });

  it('follows a chain of redirects, relative ones included, and names the final URL', async () => {
    routes['/a'] = redirect('/b', 301);
    routes['/b'] = redirect(`${base}/c`, 307);
    routes['/c'] = redirect('article', 308);
    routes['/article'] = html(ARTICLE);
    const { output } = await read(`${base}/a`);
    expect(output).toContain(`URL: ${base}/article`);
    expect(output).toContain('Fishermen plan their trips');
    expect(asked).toEqual(['/a', '/b', '/c', '/article']);
  });

  it.each([
    [
      'a name that resolves to a private address',
      'http://intranet.example.com:PORT/secret',
      /private address/,
    ],
    ['a name that resolves to loopback', 'http://sneaky.example.com:PORT/secret', /loopback address/],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/', /link-local address/],
  ])('refuses a redirect to %s', async (_name, target, why) => {
    routes['/go'] = redirect(target.replace('PORT', String(port)));
    const names: Record<string, string> = {
      'intranet.example.com': '10.0.0.1',
      'sneaky.example.com': '127.0.0.3',
    };
    const resolve = (host: string) => Promise.resolve([names[host] ?? '127.0.0.1']);
    // Only 127.0.0.1, where the first name resolves, is allowed: the redirect's target is judged on its own.
    const ctx = testToolContext({
      guardedFetch: createGuardedFetch({ allowedRanges: ['127.0.0.1/32'], resolve }),
    });
    const error = await read(`http://www.example.com:${port}/go`, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/^Refused to read /);
    expect((error as Error).message).toMatch(why);
    expect(asked).toEqual(['/go']);
  });

  it('gives up after five redirects', async () => {
    for (let i = 0; i < 10; i++) routes[`/loop/${i}`] = redirect(`/loop/${i + 1}`);
    await expect(read(`${base}/loop/0`)).rejects.toThrow(/redirected more than 5 times/);
    expect(asked).toHaveLength(6);
  });

  it('refuses this machine with the default guard, and the server is never asked', async () => {
    routes['/article'] = html(ARTICLE);
    await expect(read(`${base}/article`, testToolContext())).rejects.toThrow(/Refused to read .*loopback/);
    expect(asked).toEqual([]);
  });

  it('answers a missing page as an error with its status', async () => {
    await expect(read(`${base}/missing`)).rejects.toThrow(/answered HTTP 404/);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'not a url'])('refuses %s', async (url) => {
    await expect(read(url)).rejects.toBeInstanceOf(ToolError);
  });

  it('reads a body only up to the size limit', async () => {
    routes['/big'] = html('line of text\n'.repeat(1000), 'text/plain');
    const { output } = await read(`${base}/big`, localContext(), { maxBytes: 1300 });
    expect(output).toContain('[Only the first 1300 bytes of the page were read.]');
    expect(output.match(/line of text/g)).toHaveLength(100);
  });

  it('decodes a GBK page by its meta tag, and a GB18030 one by its header', async () => {
    const words = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xd2, 0xb3, 0xc3, 0xe6]); // 中文页面 in GBK
    const page = (meta: string) =>
      Buffer.concat([
        Buffer.from(`<html><head>${meta}<title>`),
        words,
        Buffer.from('</title></head><body><p>'),
        words,
        Buffer.from('</p></body></html>'),
      ]);
    routes['/gbk'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('<meta charset="gbk">'));
    routes['/gb18030'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=GB18030' }).end(page(''));
    for (const path of ['/gbk', '/gb18030']) {
      const { output } = await read(`${base}${path}`);
      expect(output).toMatch(/^Title: 中文页面\n/);
      expect(output).toMatch(/\n\n中文页面$/);
    }
  });

  it('answers a type it does not read with a note, without reading it', async () => {
    routes['/logo.png'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64));
    const { output } = await read(`${base}/logo.png`);
    expect(output).toBe(`URL: ${base}/logo.png\nThe page is image/png, which the page reader does not read.`);
  });

  it('reads JSON, laid out', async () => {
    routes['/data'] = html('{"a":1,"b":[true]}', 'application/json');
    const { output } = await read(`${base}/data`);
    expect(output).toContain('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
  });

  it('gives up on a page that does not answer within the time limit', async () => {
    routes['/slow'] = silent;
    await expect(read(`${base}/slow`, localContext(), { timeoutMs: 200 })).rejects.toThrow(
      /did not finish answering within 200 ms/,
    );
  });

  it('stops when the reply is stopped, with the stop as the reason', async () => {
    const stop = new AbortController();
    const reason = new Error('stopped by the user');
    routes['/slow'] = () => stop.abort(reason);
    const error = await read(`${base}/slow`, localContext({ signal: stop.signal })).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('never lets hostile markup through, only text', async () => {
    routes['/hostile'] = html(`<html><head><title>Hello</title><script>alert("t")</script></head><body>
      <article><p onclick="steal()">Plain words ${filler('and more words.')}<img src=x onerror="alert(1)"></p>
      <script>alert("x")</script><a href="javascript:alert(2)">click here</a><iframe src="/x"></iframe>
      <p>Second paragraph <b onmouseover="alert(3)">bold</b> ${filler('text.')}</p></article></body></html>`);
    const { output } = await read(`${base}/hostile`);
    expect(output).toContain('Plain words');
    expect(output).toContain('click here');
    expect(output).not.toMatch(/alert|steal|onerror|onclick|onmouseover|javascript:|<script|<img|<iframe/i);
  });

  it('cuts a long page at a paragraph break, with a note', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} ${filler('words')}</p>`).join(
      '',
    );
    routes['/long'] = html(
      `<html><head><title>Long</title></head><body><article>${paragraphs}</article></body></html>`,
    );
    const { output } = await read(`${base}/long`, localContext(), { maxChars: 1000 });
    const text = output.slice(output.indexOf('\n\n') + 2);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text).toMatch(/words$/);
    expect(output).toMatch(/\[The page's text is \d+ characters; it was cut after \d+\.\]/);
  });

  it('keeps the parts of a long page that mention the query', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) =>
      i === 30
        ? `<p>The harbour opens at dawn. ${filler('boats')}</p>`
        : `<p>Paragraph ${i} ${filler('words')}</p>`,
    ).join('');
    routes['/long'] = html(
      `<html><head><title>Long</title></head><body><article>${paragraphs}</article></body></html>`,
    );
    const { output } = await read(`${base}/long`, localContext(), { maxChars: 1000 }, 'harbour dawn');
    expect(output).toContain('The harbour opens at dawn.');
    expect(output).toContain('Paragraph 0 ');
    expect(output).toContain('[…]');
    expect(output).toMatch(/only the parts that mention "harbour dawn" are kept/);
  });
});
