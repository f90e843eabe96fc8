import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext, pageTasksDone } from './browser.test-helpers';
import { signedInPage } from './session.test-helpers';

// Replies rendered as markdown in the real chat: the renderer is a lazy chunk (not in /c/new's initial
// JavaScript), KaTeX a further one loaded only for maths, and HTML in a reply is never rendered.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const REPLY = [
  '## Sorting',
  '',
  'Use `sorted()` or read [the docs](https://docs.python.org/3/howto/sorting.html).',
  '',
  '```python',
  'def total(xs: list[int]) -> int:',
  '    return sum(x for x in xs if x > 0)',
  '```',
  '',
  '| Method | Stable | Cost |',
  '|---|:---:|---:|',
  '| sorted | yes | n log n |',
  '| heapq | no | n log k |',
  '',
  '- [x] ~~bubble sort~~',
  '- [ ] merge sort',
  '',
  'Raw HTML stays text: <b>bold?</b> <script>window.hacked = 1</script>',
  '<iframe role="presentation" src="https://www.bing.com/images/create?q=cat"></iframe>',
].join('\n');

/** Sends a message whose reply (from the simulator) is `reply`, and waits until it has finished streaming. */
async function ask(page: Page, reply: string): Promise<void> {
  const input = page.locator('textarea');
  await input.fill(`Show me [[sim ${JSON.stringify({ reply, rate: 400 })}]]`);
  await input.press('Enter');
  const log = page.getByRole('log');
  // Every reply here ends with the same line; the log is no longer busy once the reply is complete.
  await log.getByText('<iframe role="presentation"', { exact: false }).waitFor({ timeout: 15_000 });
  await expect.poll(() => log.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
}

const loadedChunks = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop() ?? ''));

describe('markdown replies', () => {
  it('renders GFM and highlighted code from a lazy chunk, never raw HTML, with a working copy button', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page } = await signedInPage(context, baseUrl, { tag: 'md' });
    // /c/new has no message: neither the renderer nor KaTeX is loaded.
    expect((await loadedChunks(page)).filter((f) => /markdown-renderer|math-plugins/.test(f))).toEqual([]);

    await ask(page, REPLY);
    const log = page.getByRole('log');
    await log.getByRole('heading', { name: 'Sorting' }).waitFor();
    expect((await loadedChunks(page)).some((f) => f.startsWith('markdown-renderer'))).toBe(true);
    // No maths in the reply: KaTeX stays unloaded.
    expect((await loadedChunks(page)).some((f) => f.startsWith('math-plugins'))).toBe(false);

    const link = log.getByRole('link', { name: 'the docs' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await log.locator('table').count()).toBe(1);
    expect(await log.locator('del', { hasText: 'bubble sort' }).count()).toBe(1);
    expect(await log.locator('input[type="checkbox"]').count()).toBe(2);
    expect(await log.locator('.hljs-keyword', { hasText: 'def' }).count()).toBe(1);
    // HTML is shown as text: no element made from it, no script run.
    expect(await log.locator('b, script, iframe').count()).toBe(0);
    await log.locator('.markdown').getByText('<b>bold?</b>', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    await page.screenshot({ path: artifactPath('markdown-reply-desktop.png') });

    const copy = log.getByRole('button', { name: 'Copy code' });
    // The indicator's time on Playwright's clock: installed a minute behind, then paused at the present.
    await page.clock.install({ time: Date.now() - 60_000 });
    await page.clock.pauseAt(Date.now());
    await copy.click();
    await log.getByRole('button', { name: 'Copied' }).waitFor();
    await pageTasksDone(page);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'def total(xs: list[int]) -> int:\n    return sum(x for x in xs if x > 0)',
    );
    // "Copied" for 2.5 s of page time, then the button is back.
    await page.clock.runFor(2_499);
    expect(await log.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    await page.clock.runFor(1);
    await log.getByRole('button', { name: 'Copy code' }).waitFor();
    await context.close();
  });

  it('says so when the browser refuses a copy both ways, and the code block keeps its button', async () => {
    const context = await newContext(browser);
    // A browser that refuses the clipboard (a permission denied) and the selection copy alike.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) },
      });
      document.execCommand = () => false;
    });
    const { page } = await signedInPage(context, baseUrl, { tag: 'md-copy-refused' });
    await ask(page, REPLY);
    const log = page.getByRole('log');
    await log.getByRole('button', { name: 'Copy code' }).click();
    await page.getByText('Could not copy to the clipboard.', { exact: true }).waitFor();
    // No check: the button still offers the copy, and nothing of the copy is left in the page.
    expect(await log.getByRole('button', { name: 'Copied' }).count()).toBe(0);
    expect(await log.getByRole('button', { name: 'Copy code' }).count()).toBe(1);
    expect(await page.locator('body > textarea').count()).toBe(0);
    await page.screenshot({ path: artifactPath('markdown-copy-refused.png') });
    await context.close();
  });

  it('copies on plain http (a LAN address, no Clipboard API) through the selection: a code block and a reply', async () => {
    // lan.test is this server under a name that is not localhost, so the page is not a secure context.
    const lan = await launchBrowser(['--host-resolver-rules=MAP lan.test 127.0.0.1']);
    try {
      const context = await newContext(lan);
      await context.grantPermissions(['clipboard-read'], { origin: baseUrl });
      const lanAddress = new URL(baseUrl);
      lanAddress.hostname = 'lan.test';
      const lanUrl = lanAddress.origin;
      const { page } = await signedInPage(context, lanUrl, { tag: 'md-http' });
      expect(await page.evaluate(() => [window.isSecureContext, 'clipboard' in navigator])).toEqual([
        false,
        false,
      ]);
      await ask(page, REPLY);
      const log = page.getByRole('log');
      // What was copied is read back from a page of the secure origin, in the same browser.
      const reader = await context.newPage();
      await reader.goto(`${baseUrl}/login`);
      const clipboard = () => reader.evaluate(() => navigator.clipboard.readText());

      const copyCode = log.getByRole('button', { name: 'Copy code' });
      await copyCode.focus();
      await page.keyboard.press('Enter');
      await log.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await clipboard()).toBe(
        'def total(xs: list[int]) -> int:\n    return sum(x for x in xs if x > 0)',
      );
      // The focus is back on the button the keyboard pressed, and no text box is left behind.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Copied');
      expect(await page.locator('body > textarea').count()).toBe(0);

      await log.locator('article').last().getByRole('button', { name: 'Copy', exact: true }).click();
      await expect.poll(clipboard).toContain('Raw HTML stays text: <b>bold?</b>');
      expect(await page.getByText('Could not copy to the clipboard.').count()).toBe(0);
      await context.close();
    } finally {
      await lan.close();
    }
  });

  it('renders maths with KaTeX (its own chunk) and looks right on a phone in the dark', async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = await signedInPage(context, baseUrl, { tag: 'md-math' });
    await ask(
      page,
      `${REPLY}\n\nEnergy: $E = mc^2$, and it costs $5.\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$`,
    );
    const log = page.getByRole('log');
    await expect.poll(() => log.locator('.katex').count()).toBe(2);
    expect((await loadedChunks(page)).some((f) => f.startsWith('math-plugins'))).toBe(true);
    // The price stays text.
    await log.locator('.markdown').getByText('and it costs $5.', { exact: false }).waitFor();
    // The table scrolls sideways inside its own box instead of widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await log.locator('.md-code').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('markdown-reply-phone-dark.png') });
    await context.close();
  });

  it('in Chinese on a phone and a desktop: $$…$$ on one line or in a sentence is display maths, centred, like \\[…\\]', async () => {
    const reply = [
      '面积公式：',
      '',
      '$$A = \\pi r^2$$',
      '',
      '句中的公式 $$E = mc^2$$ 也单独成行，行内的 $x^2$ 保持在行内。',
      '',
      '\\[\\int_0^1 x\\,dx = \\frac{1}{2}\\]',
      '',
      '完毕。',
    ].join('\n');
    for (const view of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const context = await newContext(browser, { locale: 'zh-CN', ...view });
      const { page } = await signedInPage(context, baseUrl, { tag: 'md-dollars' });
      const input = page.locator('textarea');
      await input.fill(`公式 [[sim ${JSON.stringify({ reply, rate: 400 })}]]`);
      await input.press('Enter');
      const log = page.getByRole('log');
      await log.locator('.markdown').getByText('完毕。').waitFor({ timeout: 15_000 });
      await expect.poll(() => log.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
      const reply$ = log.locator('article').last();
      await expect.poll(() => reply$.locator('.katex').count()).toBe(4);
      const shapes = await reply$.locator('.katex-display').evaluateAll((boxes) =>
        boxes.map((box) => {
          const outer = box.getBoundingClientRect();
          const inner = box.querySelector('.katex')!.getBoundingClientRect();
          return {
            text: box.querySelector('annotation')?.textContent,
            offCentre: Math.abs(inner.left + inner.width / 2 - (outer.left + outer.width / 2)),
            // KaTeX's display mode: the MathML says block, and the box takes the whole line.
            mode: box.querySelector('math')?.getAttribute('display'),
            wholeLine: outer.width >= box.parentElement!.getBoundingClientRect().width - 1,
            inParagraph: box.closest('p') !== null,
          };
        }),
      );
      expect(shapes.map((s) => s.text)).toEqual([
        'A = \\pi r^2',
        'E = mc^2',
        '\\int_0^1 x\\,dx = \\frac{1}{2}',
      ]);
      for (const shape of shapes) {
        expect(shape).toMatchObject({ mode: 'block', wholeLine: true, inParagraph: false });
        expect(shape.offCentre).toBeLessThan(2);
      }
      // The formula in its line stays inline.
      expect(await reply$.locator('p .katex math').getAttribute('display')).toBeNull();
      // The sentence around the formula stays, split before and after it.
      await reply$.getByText('句中的公式', { exact: true }).waitFor();
      await reply$.locator('.katex-display').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifactPath(`markdown-display-dollars-${view.width}.png`) });
      await context.close();
    }
  });
});
