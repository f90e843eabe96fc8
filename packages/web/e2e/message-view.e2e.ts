import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NIL_UUID, type ChatFinalEvent } from '@parley/shared';
import { animationsDone, artifactPath, clickUntil, launchBrowser, newContext } from './browser.test-helpers';
import { signedInPage } from './session.test-helpers';

const baseUrl = inject('baseUrl');
/** The notice of a reply the user stopped. */
const stoppedNotice = (scope: Page | ReturnType<Page['locator']>) => scope.getByTestId('stopped-notice');
// Markdown, streamed slowly enough that the stop lands part-way through.
const SLOW_REPLY = [
  'Water rises through the **xylem**, pulled up from the leaves:',
  '',
  '- roots absorb it from the soil',
  '- leaves lose it through their pores',
  '- the tension pulls the whole column up',
  '',
  'This is the `cohesion-tension` theory, and it explains trees taller than a hundred metres.',
].join('\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Turn {
  final: ChatFinalEvent | null;
  text: string;
}

/**
 * Sends one turn from inside the page (its session, a fresh token) and reads the SSE stream to its end. With
 * `abortAfter`, the turn is stopped through the abort call once that much reply text has arrived.
 */
async function sendTurn(
  page: Page,
  path: string,
  body: Record<string, unknown>,
  abortAfter = 0,
): Promise<Turn> {
  return page.evaluate(
    async ([path, body, abortAfter]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        // Parley's web app's frames: deltas.
        'x-parley-stream': 'deltas',
      };
      const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let text = '';
      let final: unknown = null;
      let conversationId = '';
      let aborted = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) {
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as Record<string, unknown>;
          if (event.created) conversationId = (event.message as { conversationId: string }).conversationId;
          else if (event.final) final = event;
          else if (typeof event.text === 'string') text += event.text;
        }
        if (abortAfter > 0 && !aborted && text.length >= abortAfter) {
          aborted = true;
          const abort = await fetch(`${path}/abort`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ abortKey: conversationId, endpoint: 'openAI' }),
          });
          if (abort.status >= 400) throw new Error(`abort answered ${abort.status}`);
        }
      }
      return { final, text } as never;
    },
    [path, body, abortAfter] as const,
  );
}

/**
 * A conversation with a branch: one question, its reply regenerated with another model (two sibling replies),
 * then a follow-up under the second reply that was stopped mid-way (unfinished).
 */
async function seedBranchedConversation(page: Page) {
  const first = await sendTurn(page, '/api/ask/openAI', {
    text: 'How do trees drink water?',
    parentMessageId: NIL_UUID,
    conversationId: 'new',
    model: 'gpt-3.5-turbo',
  });
  const question = first.final!.requestMessage;
  const conversationId = first.final!.conversation.conversationId;
  const regenerated = await sendTurn(page, '/api/edit/openAI', {
    text: question.text,
    isRegenerate: true,
    parentMessageId: question.messageId,
    conversationId,
    model: 'gpt-4',
  });
  const followUp = await sendTurn(
    page,
    '/api/ask/openAI',
    {
      text: `And then? [[sim ${JSON.stringify({ reply: SLOW_REPLY, rate: 8 })}]]`,
      parentMessageId: regenerated.final!.responseMessage.messageId,
      conversationId,
      model: 'gpt-4',
    },
    70,
  );
  return {
    conversationId,
    firstReply: first.final!.responseMessage,
    secondReply: regenerated.final!.responseMessage,
    stopped: followUp.final!.responseMessage,
  };
}

async function openConversation(context: BrowserContext) {
  const { page } = await signedInPage(context, baseUrl, { tag: 'msgview', name: 'Grace Hopper' });
  const seeded = await seedBranchedConversation(page);
  await page.goto(`${baseUrl}/c/${seeded.conversationId}`);
  await page.locator('article').first().waitFor();
  return { page, ...seeded };
}

describe('message view', () => {
  it('shows the branch, switches siblings, copies, and marks a stopped reply unfinished', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page, firstReply, secondReply, stopped } = await openConversation(context);
    expect(stopped.unfinished).toBe(true);
    expect(firstReply.text).toContain('gpt-3.5-turbo');
    expect(secondReply.text).toContain('gpt-4');

    const articles = page.locator('article');
    await expect.poll(() => articles.count()).toBe(4);
    await page.getByRole('article', { name: 'Grace Hopper' }).first().waitFor();
    const reply = articles.nth(1);
    await expect.poll(() => reply.getByTestId('sibling-position').textContent()).toBe('2 / 2');
    expect(await reply.textContent()).toContain('simulated gpt-4');
    expect(await reply.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // The stopped reply: the notice (after 250 ms) says so, and Continue since it did not finish with 'stop'.
    const last = articles.nth(3);
    await stoppedNotice(last).getByText('Stopped', { exact: true }).waitFor();
    await stoppedNotice(last).getByRole('button', { name: 'Continue generating', exact: true }).waitFor();
    await last.getByRole('button', { name: 'Continue', exact: true }).waitFor();
    await last.getByRole('button', { name: 'Regenerate' }).waitFor();
    await last.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('message-view-desktop.png') });

    // Previous shows the first reply, and the branch under it (nothing yet) instead of the follow-up.
    await reply.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => reply.getByTestId('sibling-position').textContent()).toBe('1 / 2');
    await expect.poll(() => reply.textContent()).toContain('simulated gpt-3.5-turbo');
    await expect.poll(() => articles.count()).toBe(2);
    expect(await reply.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await reply.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => reply.textContent()).toContain('simulated gpt-4');
    await expect.poll(() => articles.count()).toBe(4);

    // Copy puts the reply's text on the clipboard and shows the copied state for a moment.
    await reply.hover();
    await clickUntil(
      reply.getByRole('button', { name: 'Copy' }),
      async () => (await reply.getByRole('status').textContent())?.includes('Copied!') === true,
    );
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secondReply.text);
    await expect
      .poll(() => reply.getByRole('status').textContent(), { timeout: 5000, interval: 250 })
      .toBe('');

    // Editing a user message: inline editor with its text; Escape cancels.
    const question = articles.nth(0);
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const editor = question.getByRole('textbox', { name: 'Edit message' });
    expect(await editor.inputValue()).toBe('How do trees drink water?');
    await question.getByRole('button', { name: 'Save & Submit' }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.screenshot({ path: artifactPath('message-view-editing.png') });
    await editor.press('Escape');
    await expect.poll(() => question.getByRole('textbox').count()).toBe(0);
    // A user message is never regenerated or continued.
    expect(await question.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    await context.close();
  });

  it('looks right on a phone and in dark mode', async () => {
    const phone = await newContext(browser, { width: 390, height: 844 });
    const { page } = await openConversation(phone);
    await expect.poll(() => page.locator('article').count()).toBe(4);
    await stoppedNotice(page).scrollIntoViewIfNeeded();
    // Narrow screens show the actions of older messages too (no hover there).
    const older = page.locator('article').nth(1).getByRole('button', { name: 'Copy' });
    expect(await older.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: artifactPath('message-view-phone.png') });
    await phone.close();

    const dark = await newContext(browser, { colorScheme: 'dark' });
    const darkPage = (await openConversation(dark)).page;
    await expect.poll(() => darkPage.locator('article').count()).toBe(4);
    await stoppedNotice(darkPage).scrollIntoViewIfNeeded();
    await darkPage.locator('article').nth(1).hover();
    await animationsDone(darkPage);
    await darkPage.screenshot({ path: artifactPath('message-view-dark.png') });
    await dark.close();
  });

  it('shows a blinking cursor at the end of a streaming reply, still under reduced motion', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'msgcursor' });
    const reply =
      'Streaming **slowly** so the cursor can be seen at the end of this sentence and the next one.';
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill(`Go [[sim ${JSON.stringify({ reply, rate: 6 })}]]`);
    await page.keyboard.press('Enter');
    const streaming = page.locator('article .msg-streaming');
    await streaming.waitFor();
    const cursor = () =>
      streaming.evaluate((el) => {
        const blocks = el.querySelectorAll('p, li');
        const last = blocks[blocks.length - 1] ?? el.firstElementChild!;
        const after = getComputedStyle(last, '::after');
        return { content: after.content, animation: after.animationName };
      });
    await expect.poll(async () => (await cursor()).animation).toBe('msg-cursor-blink');
    // The reply being written offers no actions yet.
    const live = page.locator('article', { has: streaming });
    expect(await live.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    await page.screenshot({ path: artifactPath('message-view-streaming.png') });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(async () => (await cursor()).animation).toBe('none');
    expect((await cursor()).content).not.toBe('none');
    // Once the reply is complete the cursor goes and the actions come.
    await streaming.waitFor({ state: 'detached', timeout: 30_000 });
    const done = page.locator('article').last();
    await done.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await done.textContent()).toContain('the next one.');
    await context.close();
  });
});
