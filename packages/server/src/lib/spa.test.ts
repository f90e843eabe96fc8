import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, type TestApp } from '../../test/test-app';

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
});
