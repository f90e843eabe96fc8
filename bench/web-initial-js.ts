import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser } from '../packages/web/e2e/browser.test-helpers';
import type { DialectName } from '../packages/server/src/db/database';
import { startServer } from '@parley/server/testing';
import { ROOT } from './lib/chat-app';
import { progress, type BenchResult } from './lib/stats';

// docs/architecture.md (Performance budgets): the web's initial JavaScript for /c/new < 250 KB gzip. The figure is
// measured in Chromium: a signed-in user opens /c/new cold (fresh browser context, empty cache) on a started server,
// and every script response fetched until the network is idle counts, lazily imported chunks included. Each decoded
// body is gzipped here at level 9 (node:zlib), so the figure does not depend on which copy (brotli, gzip or none) the
// browser was sent; Chromium asks plain-HTTP servers for gzip, never brotli. The context line compares the
// static estimate read from index.html. Sizes in KB = 1,000 bytes, as Vite prints them.

const BUDGET_KB = 250;
const KB = 1000;
const PASSWORD = 'correct horse battery';

const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => bytes / KB;

/** BENCH_WEB_DIST measures a build kept elsewhere; otherwise packages/web/dist, built when missing. */
function webDist(): string {
  const dir = resolve(process.env.BENCH_WEB_DIST ?? join(ROOT, 'packages/web/dist'));
  if (!existsSync(join(dir, 'index.html'))) {
    if (process.env.BENCH_WEB_DIST) throw new Error(`${dir} has no index.html`);
    progress('packages/web/dist is missing: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  return dir;
}

/** Relative `import … from "./x.js"` / `import "./x.js"` of a built chunk (not dynamic `import()`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(m[1]!);
  }
  return [...found];
}

/**
 * What index.html makes the browser load before any code runs: classic scripts, the entry module, every
 * modulepreload link, and (in case a link is missing) the entry's static import chain. Bytes by URL path.
 */
export function staticInitialJs(dist: string): Map<string, number> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const sizes = new Map<string, number>();
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (sizes.has(path) || !path.startsWith('/')) continue;
    const body = readFileSync(join(dist, path));
    sizes.set(path, gzipBytes(body));
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    for (const spec of staticImports(body.toString('utf8')))
      queue.push(new URL(spec, `http://x${dir}`).pathname);
  }
  return sizes;
}

interface Measured {
  /** gzip-9 bytes by URL path, in fetch order. */
  scripts: Map<string, number>;
  /** The scripts' bytes once decoded, and their bodies' bytes on the wire (as the server encoded them). */
  rawBytes: number;
  sentBytes: number;
  encodings: Set<string>;
}

/** Chromium, fresh context, signed-in user, cold load of /c/new until network idle. */
async function measureInChromium(baseUrl: string): Promise<Measured> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    // The context's request client shares its cookie jar, so the refresh cookie lands there without the
    // page (and its cache) ever loading the app first.
    const registered = await context.request.post(`${baseUrl}/api/auth/register`, {
      data: {
        name: 'Bench User',
        email: 'bench@example.com',
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    });
    if (registered.status() !== 201) throw new Error(`registration answered ${registered.status()}`);
    const page = await context.newPage();
    const pending: Array<Promise<void>> = [];
    const measured: Measured = { scripts: new Map(), rawBytes: 0, sentBytes: 0, encodings: new Set() };
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => {
          measured.scripts.set(new URL(response.url()).pathname, gzipBytes(body));
          measured.rawBytes += body.length;
          measured.sentBytes += sizes.responseBodySize;
          measured.encodings.add(response.headers()['content-encoding'] ?? 'none');
        }),
      );
    });
    // A signed-in page holds its reply feed open for good
    // (docs/reference/chat.md (Following a reply from another window)), so the network would never be idle with it: it
    // is refused here. It carries no script.
    await page.route('**/api/ask/sync', (route) => route.abort());
    await page.goto(`${baseUrl}/c/new`, { waitUntil: 'networkidle' });
    await page.locator('main').waitFor();
    if (!page.url().endsWith('/c/new')) throw new Error(`ended on ${page.url()}, not /c/new`);
    await Promise.all(pending);
    return measured;
  } finally {
    await browser.close();
  }
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

/** The dialect does not matter here; run.ts runs this bench once. */
export async function webInitialJs(_dialect: DialectName): Promise<BenchResult> {
  const dist = webDist();
  const estimate = staticInitialJs(dist);
  // A configured provider, as on a real install: /c/new then renders the full chat screen. The upstream is
  // never called (nothing is sent), so a closed port is enough.
  const server = await startServer({
    WEB_DIST_DIR: dist,
    REGISTER_MAX: '1000',
    LOGIN_MAX: '1000',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REVERSE_PROXY: 'http://127.0.0.1:9/v1',
    OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
    LOG_LEVEL: 'error',
  });
  try {
    progress(`Chromium: cold load of /c/new from ${dist}`);
    const real = await measureInChromium(server.baseUrl);
    const lazy = [...real.scripts.keys()].filter((path) => !estimate.has(path));
    const files = [...real.scripts].map(
      ([path, bytes]) => `${path.split('/').pop()} ${kb(bytes).toFixed(1)}`,
    );
    return {
      name: 'web-initial-js',
      figure: kb(sum(real.scripts)),
      unit: 'KB gzip',
      budget: BUDGET_KB,
      context:
        `/c/new signed in, Chromium until network idle: ${real.scripts.size} scripts (${files.join(', ')} KB), ` +
        `${kb(real.rawBytes).toFixed(0)} KB decoded, ${kb(real.sentBytes).toFixed(0)} KB as sent ` +
        `(content-encoding: ${[...real.encodings].join(', ')}); ` +
        `static estimate from index.html (entry + modulepreload + static imports): ${estimate.size} files, ` +
        `${kb(sum(estimate)).toFixed(1)} KB gzip` +
        (lazy.length > 0 ? `; loaded beyond it: ${lazy.join(', ')}` : '; nothing loaded beyond it') +
        ' — gzip level 9, 1 KB = 1,000 B',
    };
  } finally {
    await server.stop();
  }
}
