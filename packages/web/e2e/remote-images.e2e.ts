import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser } from './browser.test-helpers';
import { noisyPng, seedImages, smallPng } from './my-files.test-helpers';
import { signedInPage } from './session.test-helpers';

// A reply's images from other hosts: nothing is fetched when the chat shows or reopens, one request per click.
// The image host is a local listener that counts what reaches it (https with a throw-away certificate, as the
// page's policy takes remote images over https only; a plain-http listener checks those are never fetched).

const baseUrl = inject('baseUrl');
let browser: Browser;
let certDir: string;
let pixel: Buffer;
const hits = { https: [] as string[], http: [] as string[] };
let httpsServer: Server;
let httpServer: Server;

function counting(list: string[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    list.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    res.end(pixel);
  };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

let httpsPort = 0;
let httpPort = 0;

beforeAll(async () => {
  pixel = await smallPng('#0d9488');
  certDir = mkdtempSync(join(tmpdir(), 'parley-e2e-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  httpsServer = createHttpsServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    counting(hits.https),
  );
  httpServer = createHttpServer(counting(hits.http));
  [httpsPort, httpPort] = await Promise.all([listen(httpsServer), listen(httpServer)]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([httpsServer, httpServer].map((s) => new Promise((r) => s?.close(r))));
  rmSync(certDir, { recursive: true, force: true });
});

const END = 'End of the pictures.';

async function ask(page: Page, reply: string): Promise<void> {
  const input = page.locator('textarea');
  await input.fill(`Pictures please [[sim ${JSON.stringify({ reply, rate: 400 })}]]`);
  await input.press('Enter');
  const log = page.getByRole('log');
  // The rendered reply's last paragraph (the message sent holds the text too, inside its script).
  await log.locator('.markdown p', { hasText: END }).waitFor({ timeout: 15_000 });
  await expect.poll(() => log.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
}

describe('images in replies', () => {
  it('loads a remote image only on a click (one request), never a plain-http one, and the own file image at once', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
      // The listener's certificate is self-made.
      ignoreHTTPSErrors: true,
    });
    const { page } = await signedInPage(context, baseUrl, { tag: 'remote-img' });
    const [own] = await seedImages(page, [
      { name: 'mine.png', bytes: await noisyPng(40, 30), width: 40, height: 30 },
    ]);
    const host = `127.0.0.1:${httpsPort}`;
    await ask(
      page,
      [
        'Here is the chart:',
        '',
        `![a teal chart](https://${host}/pixel.png?leak=the-secret-plan)`,
        '',
        `And an old one: ![old](http://127.0.0.1:${httpPort}/pixel.png?leak=more)`,
        '',
        `Your upload: ![mine](${own!.filepath})`,
        '',
        END,
      ].join('\n'),
    );
    const log = page.getByRole('log');
    const load = log.getByRole('button', { name: `Load image from ${host}` });
    await load.waitFor();
    await log.getByText(`Image from 127.0.0.1:${httpPort} not shown`).waitFor();
    // The user's own upload shows straight away, from the signed address its upload answered (no token needed).
    const mine = log.locator('img[alt="mine"]');
    await expect
      .poll(() => mine.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(40);
    expect(await mine.getAttribute('src')).toBe(own!.filepath);
    expect(own!.filepath).toMatch(/^\/api\/files\/download\/[^?]+\?exp=\d+&sig=[\w-]+$/);
    // Settled, and nothing reached the image hosts.
    await page.waitForTimeout(500);
    expect(hits).toEqual({ https: [], http: [] });

    // Opening the chat again fetches nothing either.
    await page.reload();
    await load.waitFor();
    await page.waitForTimeout(500);
    expect(hits).toEqual({ https: [], http: [] });

    await page.screenshot({ path: artifactPath('remote-image-before-click.png') });

    // Reached with the keyboard: focus the button and press Enter.
    await load.focus();
    await page.keyboard.press('Enter');
    const image = log.locator(`img[alt="a teal chart"]`);
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(64);
    expect(hits.https).toEqual(['/pixel.png?leak=the-secret-plan']);
    expect(await image.getAttribute('referrerpolicy')).toBe('no-referrer');
    await page.waitForTimeout(300);
    expect(hits).toEqual({ https: ['/pixel.png?leak=the-secret-plan'], http: [] });
    await page.screenshot({ path: artifactPath('remote-image-after-click.png') });
    await context.close();
  });

  it('says it in Chinese for zh-CN', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const { page } = await signedInPage(context, baseUrl, { tag: 'remote-img-zh' });
    await ask(page, `![x](https://127.0.0.1:${httpsPort}/zh.png)\n\n${END}`);
    await page
      .getByRole('log')
      .getByRole('button', { name: `加载来自 127.0.0.1:${httpsPort} 的图片` })
      .waitFor();
    await page.screenshot({ path: artifactPath('remote-image-zh-phone.png') });
    expect(hits.https.filter((u) => u.startsWith('/zh'))).toEqual([]);
    await context.close();
  });
});
