import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../../test/app.test-helpers';

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  afterEach(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function withDist() {
    dist = mkdtempSync(join(tmpdir(), 'parley-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parley</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    mkdirSync(join(dist, 'assets', 'plugins'));
    writeFileSync(
      join(dist, 'assets', 'plugins', 'calculator.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    t = await buildTestApp('sqlite', { webDistDir: dist });
  }

  it('answers deep links with index.html (history fallback), never cached', async () => {
    await withDist();
    for (const url of ['/', '/c/new', '/c/7f1e', '/search/hello?x=1', '/AbC123xy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Parley</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    await withDist();
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('caches the plugin icons (named, not hashed) for a day only', async () => {
    await withDist();
    const res = await t.app.inject({ method: 'GET', url: '/assets/plugins/calculator.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends the brotli or gzip copy the browser accepts, else the file as it is', async () => {
    const code = `export const words = ${JSON.stringify('a long repeated line of code '.repeat(200))};`;
    const html = `<!doctype html><title>Parley</title>${'<!-- padding -->'.repeat(100)}`;
    await withDist();
    await t.close();
    writeFileSync(join(dist, 'assets', 'big-1.js'), code);
    writeFileSync(join(dist, 'assets', 'big-1.js.br'), brotliCompressSync(code));
    writeFileSync(join(dist, 'assets', 'big-1.js.gz'), gzipSync(code));
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
    t = await buildTestApp('sqlite', { webDistDir: dist });
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/assets/big-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    expect(br.rawPayload.length).toBeLessThan(code.length / 5);

    const gz = await get('/assets/big-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await get('/assets/big-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);

    // The history fallback too: a deep link gets the compressed page, still never cached.
    const page = await get('/c/new', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    await withDist();
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/c/new'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('leaves social sign-in (/oauth/*) to the server, not the web app', async () => {
    await withDist();
    // Social login is off here: the route itself answers, sending the browser back to the login page.
    const start = await t.app.inject({ method: 'GET', url: '/oauth/github' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${t.config.domainClient}/login?error=unavailable`);
    const unknown = await t.app.inject({ method: 'GET', url: '/oauth/github/callback/extra' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves the payment pages (/pay/*) to the server: an unknown one is a 404, not the web app', async () => {
    await withDist();
    const unknown = await t.app.inject({ method: 'GET', url: '/pay/nosuch/0123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
