import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ServerProcess } from '@parley/server/testing';
import { animationsDone, artifactPath, launchBrowser, openDisclosure } from './browser.test-helpers';
import type { Message } from '@parley/shared';
import { apiFromPage } from './session.test-helpers';
import { URL_ID } from './chat.test-helpers';
import {
  comesBefore,
  drawPng,
  poll,
  sendAndSettle,
  sim,
  startFakeImages,
  startToolServer,
  toolChat,
  type FakeImages,
  type ToolChat,
} from './tool-steps.test-helpers';

// A reply that used tools, in the web (docs/reference/tools.md (A reply that uses tools)): its steps among its text,
// each opening to its input and output, a failed one marked, an image a tool made; the same after a reload. In zh-CN,
// on a desktop (light) and a phone (dark). A reload while a tool runs finds the reply still running and sees it end.

const PHONE = { width: 390, height: 844 };
const CALCULATOR = { key: 'calculator', name: 'Calculator' };
const DALLE = { key: 'dalle', name: 'DALL-E-3' };

const ASK_42 = `What is 6*7? ${sim({
  steps: [{ toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] }, { reply: 'It is 42.' }],
})}`;
const ASK_BROKEN = `And 2 +? ${sim({
  steps: [
    { reply: 'Let me check. ', toolCalls: [{ name: 'calculator', input: { expression: '2 +' } }] },
    { reply: 'That expression is not complete.' },
  ],
})}`;
const ASK_DRAWING = `Draw a square. ${sim({
  steps: [{ toolCalls: [{ name: 'dalle', input: { prompt: 'a teal square' } }] }, { reply: 'Here it is.' }],
})}`;
// Text before the step, then a reply of 40 words at 20 a second: long enough to still be streaming when looked at.
const ASK_SLOW_DRAWING = `Draw it slowly. ${sim({
  steps: [
    { reply: 'Drawing now. ', toolCalls: [{ name: 'dalle', input: { prompt: 'a teal square' } }] },
    { tokens: 40, rate: 20 },
  ],
})}`;

let browser: Browser;
let server: ServerProcess;
let images: FakeImages;

beforeAll(async () => {
  browser = await launchBrowser();
  images = await startFakeImages();
  server = await startToolServer(inject('simUrl'), images.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await images?.close();
});

async function expectAxeClean(page: Page): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include('[role="log"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`tool-steps-${name}.png`) });
}

const steps = (reply: Locator) => reply.getByTestId('tool-step');
const stepButton = (step: Locator) => step.getByRole('button');

/** The reply to "What is 6*7?": one step used, then the answer after it. */
async function expectUsedStep(reply: Locator): Promise<void> {
  await poll(() => steps(reply).count()).toBe(1);
  // A step shows as running first, then done: wait for the state, not only the row.
  await poll(() => steps(reply).getAttribute('data-state')).toBe('done');
  // The tool's display name comes with the plugin list, which may arrive after the step: wait for it.
  await poll(() => stepButton(steps(reply)).textContent()).toBe('已使用 Calculator');
  const answer = reply.getByText('It is 42.');
  await answer.waitFor();
  expect(await comesBefore(steps(reply), answer)).toBe(true);
}

/** The reply to "And 2 +?": the text before the step, the failed step, the text after it. */
async function expectFailedStep(reply: Locator): Promise<void> {
  await poll(() => steps(reply).count()).toBe(1);
  await poll(() => steps(reply).getAttribute('data-state')).toBe('failed');
  // The tool's display name comes with the plugin list, which may arrive after the step: wait for it.
  await poll(() => stepButton(steps(reply)).textContent()).toBe('Calculator 运行失败');
  const before = reply.getByText('Let me check.');
  const after = reply.getByText('That expression is not complete.');
  expect(await comesBefore(before, steps(reply))).toBe(true);
  expect(await comesBefore(steps(reply), after)).toBe(true);
}

/** Nothing is wider than the screen; the page does not scroll sideways. */
async function expectNoOverflow(chat: ToolChat, width: number): Promise<void> {
  expect(await chat.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const rights = await chat.page
    .locator('[data-testid="tool-step"], [data-testid="tool-step"] pre, [data-testid="tool-image"]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(width);
}

describe('tool steps in a reply', () => {
  it('on a desktop (light): used, opened by mouse and keyboard, failed, an image, the same after a reload', async () => {
    const chat = await toolChat(browser, server.baseUrl, { width: 1280, height: 800, colorScheme: 'light' }, [
      CALCULATOR,
      DALLE,
    ]);
    const { page } = chat;
    images.png = await drawPng(page);

    await sendAndSettle(chat, ASK_42);
    const first = chat.lastReply();
    await expectUsedStep(first);
    const button = stepButton(steps(first));
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expectAxeClean(page);
    await shot(page, 'desktop-used');

    // Opened: the input as indented JSON, the output as plain text.
    await button.click();
    await poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getByTestId('tool-input').textContent()).toBe('{\n  "expression": "6 * 7"\n}');
    expect(await first.getByTestId('tool-output').textContent()).toBe('42');
    await expectAxeClean(page);
    await shot(page, 'desktop-open');
    // By keyboard: Enter closes it, Space opens it again.
    await button.focus();
    await page.keyboard.press('Enter');
    await poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await first.getByTestId('tool-output').count()).toBe(0);
    await page.keyboard.press('Space');
    await poll(() => button.getAttribute('aria-expanded')).toBe('true');

    await sendAndSettle(chat, ASK_BROKEN);
    const second = chat.lastReply();
    await expectFailedStep(second);
    await openDisclosure(stepButton(steps(second)));
    expect(await second.getByTestId('tool-output').textContent()).toMatch(
      /^error processing tool calculator: /,
    );
    await expectAxeClean(page);
    await shot(page, 'desktop-failed');

    await sendAndSettle(chat, ASK_DRAWING);
    const third = chat.lastReply();
    await poll(() => steps(third).getAttribute('data-state')).toBe('done');
    await poll(() => stepButton(steps(third)).textContent()).toBe('已使用 DALL-E-3');
    const image = third.getByTestId('tool-image').locator('img');
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await image.getAttribute('alt')).toMatch(/\.png$/);
    expect(await comesBefore(steps(third), third.getByTestId('tool-image'))).toBe(true);
    expect(await comesBefore(third.getByTestId('tool-image'), third.getByText('Here it is.'))).toBe(true);
    await expectAxeClean(page);
    await shot(page, 'desktop-image');
    // It opens full size, as a message's images do.
    await third.getByTestId('tool-image').click();
    await page.getByTestId('image-viewer').locator('img').waitFor();
    await shot(page, 'desktop-image-open');
    await page.keyboard.press('Escape');
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });

    // After a reload the saved replies show the same steps, closed.
    await page.reload();
    await poll(() => page.getByTestId('tool-step').count()).toBe(3);
    await expectUsedStep(chat.articles.nth(1));
    await expectFailedStep(chat.articles.nth(3));
    expect(await page.getByTestId('tool-image').count()).toBe(1);
    expect(await page.locator('[data-testid="tool-step"] [aria-expanded="true"]').count()).toBe(0);
    await expectAxeClean(page);
    await shot(page, 'desktop-reloaded');
    await chat.close();
  });

  it('on a phone (dark): the steps wrap and their text scrolls inside, nothing wider than the screen', async () => {
    const chat = await toolChat(browser, server.baseUrl, { ...PHONE, colorScheme: 'dark' }, [CALCULATOR]);
    const { page } = chat;
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await sendAndSettle(chat, ASK_42);
    await expectUsedStep(chat.lastReply());
    await sendAndSettle(chat, ASK_BROKEN);
    const failed = chat.lastReply();
    await expectFailedStep(failed);
    await openDisclosure(stepButton(steps(failed)));
    const output = failed.getByTestId('tool-output');
    await output.waitFor();
    // The failure's long line scrolls inside its box.
    expect(await output.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoOverflow(chat, PHONE.width);
    await expectAxeClean(page);
    await output.scrollIntoViewIfNeeded();
    await shot(page, 'phone-dark-failed');

    await page.reload();
    await poll(() => page.getByTestId('tool-step').count()).toBe(2);
    await expectUsedStep(chat.articles.nth(1));
    await expectFailedStep(chat.articles.nth(3));
    await expectNoOverflow(chat, PHONE.width);
    await expectAxeClean(page);
    await shot(page, 'phone-dark-reloaded');
    await chat.close();
  });

  it('a reload while a tool runs: the step is still running after it, then the image and the rest, each once', async () => {
    const chat = await toolChat(browser, server.baseUrl, { width: 1280, height: 800, colorScheme: 'light' }, [
      DALLE,
    ]);
    const { page } = chat;
    images.png = await drawPng(page);
    const drawn = images.requests;
    const release = images.hold();
    try {
      await poll(() => chat.box.isEnabled()).toBe(true);
      await chat.box.fill(ASK_SLOW_DRAWING);
      await poll(() => page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
      await chat.box.press('Enter');
      // The drawing was asked for and is held: the step runs.
      await poll(() => images.requests).toBe(drawn + 1);
      await poll(() => steps(chat.lastReply()).getAttribute('data-state')).toBe('running');

      await page.reload();
      // The page re-attaches to the reply: its text so far, and the step, still running.
      const reply = chat.lastReply();
      await poll(() => steps(reply).getAttribute('data-state')).toBe('running');
      expect(await reply.innerText()).toContain('Drawing now.');
      await page.getByRole('button', { name: '停止生成' }).waitFor();
      await shot(page, 'reload-running');
    } finally {
      release();
    }
    const reply = chat.lastReply();
    await poll(() => steps(reply).getAttribute('data-state')).toBe('done');
    // Still streaming after the step: partial first, then the end.
    await poll(() => reply.innerText()).toContain('tok1 ');
    expect(await reply.innerText()).not.toContain('tok40');
    await poll(() => reply.innerText(), 20_000).toContain('tok40');
    await poll(() => page.getByRole('button', { name: '停止生成' }).count()).toBe(0);

    // Each once on the page: the text before, the step, the image, the words; the tool ran once.
    const shown = await reply.innerText();
    expect(shown.split('Drawing now.').length - 1).toBe(1);
    expect(shown.split('tok1 ').length - 1).toBe(1);
    expect(await steps(reply).count()).toBe(1);
    expect(await reply.getByTestId('tool-image').count()).toBe(1);
    expect(await comesBefore(steps(reply), reply.getByText(/tok1 /))).toBe(true);
    expect(images.requests).toBe(drawn + 1);
    await shot(page, 'reload-ended');

    // And as saved: one step with its output, the text before it and the whole reply after it.
    const conversationId = URL_ID.exec(page.url())![1]!;
    const saved = (await apiFromPage<Message[]>(page, `/api/messages/${conversationId}`)).body;
    const parts = saved.at(-1)!.content ?? [];
    expect(parts.map((p) => p.type)).toEqual(['text', 'tool_call', 'image_file', 'text']);
    const words = Array.from({ length: 40 }, (_, i) => `tok${i + 1} `).join('');
    expect(saved.at(-1)!.text).toBe(`Drawing now. ${words}`);
    await chat.close();
  });
});
