import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FileRecord, UploadResponse } from '@parley/shared';
import { apiFromPage } from './session.test-helpers';
import { messagesOf, poll, send, settled, useChatBrowser } from './chat.test-helpers';
import {
  attachments,
  dropFiles,
  pngFile,
  progressOf,
  holdUploads,
  recordDeletes,
  uploaded,
  useVisionModel,
} from './files-attach.test-helpers';
import { openReadyChat } from './files-attach.test-helpers';

useChatBrowser();

// An upload's progress, removing files (batched, persisted deletes) and sending files with a message
// (docs/reference/files.md (Upload progress; Deleting files); docs/reference/chat.md (Sending a message)).

/** Records every data-progress value the thumbnails take, from now on. */
async function watchProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = (el: Element) => {
      const value = Number((el as HTMLElement).dataset.progress);
      if (seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') record(r.target as Element);
        r.addedNodes.forEach((n) => {
          if (n instanceof HTMLElement) n.querySelectorAll('[data-progress]').forEach(record);
          if (n instanceof HTMLElement && n.dataset.progress) record(n);
        });
      }
    }).observe(document.body, { subtree: true, childList: true, attributeFilter: ['data-progress'] });
  });
  return () => page.evaluate(() => (window as unknown as { seen: number[] }).seen);
}

/** The page's timers on Playwright's clock, paused at the present: its time moves only when the test moves it. */
async function pauseClock(page: Page): Promise<void> {
  // Installed a minute behind, then paused at the present (no timer of the page's is due in between).
  await page.clock.install({ time: Date.now() - 60_000 });
  await page.clock.pauseAt(Date.now());
}

const files = (page: Page) => apiFromPage<FileRecord[]>(page, '/api/files');

describe('upload progress', () => {
  it('goes 0.2, 0.6 (measured), 0.9 (uploaded), then 1 with the server ids 300 ms later; no remove meanwhile', async () => {
    const chat = await openReadyChat();
    await useVisionModel(chat);
    const { page, box } = chat;
    const release = await holdUploads(page);
    const seen = await watchProgress(page);
    await pauseClock(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/files/images'));
    const request = page.waitForRequest((r) => r.url().endsWith('/api/files/images'));
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('steps.png')]);
    await poll(() => progressOf(page)).toEqual([0.6]);
    const item = attachments(page).first();
    const tempId = await item.getAttribute('data-file-id');
    // While it uploads: a progress ring with its label, no remove button, and Send waits.
    expect(
      await page.getByRole('progressbar', { name: 'Uploading steps.png' }).getAttribute('aria-valuenow'),
    ).toBe('60');
    expect(await page.getByRole('button', { name: 'Remove steps.png' }).count()).toBe(0);
    await box.fill('Describe this');
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    // The browser measured the image and sent its size with it.
    const body = (await request).postDataBuffer()!.toString('latin1');
    expect(body).toMatch(/name="width"\r\n\r\n64\r\n/);
    expect(body).toMatch(/name="height"\r\n\r\n48\r\n/);
    expect(body).toContain(`name="file_id"\r\n\r\n${tempId}\r\n`);
    release();
    const uploadedFile = (await (await answer).json()) as UploadResponse;
    // Uploaded (0.9), and done (1) 300 ms of page time later, not before.
    await poll(() => progressOf(page)).toEqual([0.9]);
    await page.clock.runFor(299);
    expect(await progressOf(page)).toEqual([0.9]);
    await page.clock.runFor(1);
    await uploaded(page, 1);
    expect(await seen()).toEqual([0.2, 0.6, 0.9, 1]);
    // Done: the server's id replaced the temporary one; the file can be removed; Send is back.
    expect(uploadedFile.temp_file_id).toBe(tempId);
    expect(await item.getAttribute('data-file-id')).toBe(uploadedFile.file_id);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove steps.png' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    await chat.context.close();
  });
});

describe('removing files', () => {
  it('two removals within 1 s make exactly one DELETE with both files', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const deletes = recordDeletes(page);
    await dropFiles(page.getByTestId('chat-input'), [
      await pngFile('one.png'),
      await pngFile('two.png', '#000'),
    ]);
    await uploaded(page, 2);
    const ids = await attachments(page).evaluateAll((els) =>
      els.map((e) => (e as HTMLElement).dataset.fileId!),
    );
    expect((await files(page)).body.map((f) => f.file_id).sort()).toEqual([...ids].sort());
    // The batch's 1 s on Playwright's clock: no delete can go out before the test moves it.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Remove one.png' }).click();
    await page.clock.runFor(999);
    expect(deletes).toHaveLength(0);
    // The second removal within the second restarts it.
    await page.getByRole('button', { name: 'Remove two.png' }).click();
    await poll(() => attachments(page).count()).toBe(0);
    // Pending meanwhile, persisted under filesToDelete.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('filesToDelete') ?? '{}') as object,
    );
    expect(Object.keys(stored).sort()).toEqual([...ids].sort());
    await page.clock.runFor(999);
    expect(deletes).toHaveLength(0);
    await page.clock.runFor(1);
    await poll(() => deletes.length, 3000).toBe(1);
    // One request: nothing else is due, however long the page waits.
    await page.clock.runFor(5_000);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.files.map((f) => f.file_id).sort()).toEqual([...ids].sort());
    await poll(async () => (await files(page)).body.length).toBe(0);
    await poll(() => page.evaluate(() => localStorage.getItem('filesToDelete'))).toBeNull();
    await chat.context.close();
  });

  it('a delete that did not go through stays persisted and is sent on the next load, then cleared', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('kept.png')]);
    await uploaded(page, 1);
    const id = await attachments(page).first().getAttribute('data-file-id');
    let refused = 0;
    await page.route('**/api/files', (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      refused += 1;
      return route.abort('internetdisconnected');
    });
    const failed = page.waitForEvent('requestfailed', (request) => request.method() === 'DELETE');
    await page.getByRole('button', { name: 'Remove kept.png' }).click();
    await poll(() => refused, 3000).toBe(1);
    // The page has seen its request fail.
    await failed;
    const stored = () => page.evaluate(() => localStorage.getItem('filesToDelete'));
    expect(Object.keys(JSON.parse((await stored()) ?? '{}') as object)).toEqual([id]);
    expect((await files(page)).body.map((f) => f.file_id)).toEqual([id]);
    // The next load, once signed in, sends it.
    await page.unroute('**/api/files');
    const deletes = recordDeletes(page);
    await page.reload();
    await poll(() => deletes.length, 8000).toBe(1);
    expect(deletes[0]!.files.map((f) => f.file_id)).toEqual([id]);
    await poll(stored).toBeNull();
    await poll(async () => (await files(page)).body.length).toBe(0);
    await chat.context.close();
  });
});

describe('sending files', () => {
  it('sends the uploaded files with the message, shows them at once, and clears the box', async () => {
    const chat = await openReadyChat();
    await useVisionModel(chat);
    const { page, box, articles } = chat;
    await dropFiles(page.getByTestId('chat-input'), [
      await pngFile('red.png'),
      await pngFile('green.png', '#16a34a', 48, 64),
    ]);
    await uploaded(page, 2);
    const ids = await attachments(page).evaluateAll((els) =>
      els.map((e) => (e as HTMLElement).dataset.fileId!),
    );
    const ask = page.waitForRequest((r) => r.url().includes('/api/ask/'));
    await send(chat, 'What colours are these?');
    const payload = (await ask).postDataJSON() as { files: unknown[] };
    expect(payload.files).toEqual([
      {
        file_id: ids[0],
        filepath: expect.stringMatching(new RegExp(`^/api/files/download/${ids[0]}\\?exp=\\d+&sig=`)),
        type: 'image/png',
        width: 64,
        height: 48,
      },
      {
        file_id: ids[1],
        filepath: expect.stringMatching(new RegExp(`^/api/files/download/${ids[1]}\\?exp=\\d+&sig=`)),
        type: 'image/png',
        width: 48,
        height: 64,
      },
    ]);
    // The box is empty; the user message shows its two images at once.
    expect(await attachments(page).count()).toBe(0);
    const shown = articles.first().getByTestId('message-files').locator('img');
    await poll(() => shown.count(), 2000).toBe(2);
    // Shown from the uploaded bytes, decoded: a real picture, not a broken image.
    await poll(() => shown.nth(1).evaluate((i) => (i as HTMLImageElement).naturalHeight), 2000).toBe(64);
    // The <img> loads the signed filepath itself (docs/reference/files.md (Reading a file)).
    expect(await shown.first().getAttribute('src')).toMatch(
      /^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/,
    );
    const conversationId = await settled(chat);
    const saved = await messagesOf(page, conversationId);
    expect(saved[0]!.files?.map((f) => f.file_id)).toEqual(ids);
    // After a reload the thumbnails come from the server (their signed URLs).
    await page.reload();
    await poll(() => shown.count(), 8000).toBe(2);
    await poll(() => shown.nth(1).evaluate((i) => (i as HTMLImageElement).naturalHeight)).toBe(64);
    // Full size in a dialog; Escape closes it.
    await articles.first().getByRole('button', { name: 'Open image 2 at full size' }).click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor();
    await poll(() => viewer.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(48);
    await page.keyboard.press('Escape');
    await poll(() => viewer.count()).toBe(0);
    expect(await box.isVisible()).toBe(true);
    await chat.context.close();
  });
});
