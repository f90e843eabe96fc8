import { describe, expect, it } from 'vitest';
import { pageTasksDone } from './browser.test-helpers';
import { poll, useChatBrowser } from './chat.test-helpers';
import {
  attachments,
  chooseFiles,
  dropFiles,
  errorToasts,
  errorToastText,
  HOVER,
  MB,
  openReadyChat,
  pasteFiles,
  pngFile,
  progressOf,
  uploaded,
  zeroFile,
} from './files-attach.test-helpers';

useChatBrowser();

// The ways files enter the message box, and the checks before any upload
// (docs/reference/files.md (Checks before an upload); docs/reference/chat.md (Message box)).

describe('attach: the ways in', () => {
  it('the paperclip (by keyboard) opens the picker for images; picked files upload and show as thumbnails', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const button = page.getByRole('button', { name: 'Attach files' });
    expect(await page.getByTestId('attach-input').getAttribute('accept')).toBe(
      'image/jpeg,image/gif,image/png,image/webp',
    );
    expect(await page.getByTestId('attach-input').getAttribute('multiple')).not.toBeNull();
    // Enter on the focused paperclip opens the picker: the hidden file input gets its click. (Checked in the page:
    // Chromium's chooser event raced the key press on a loaded CI machine.)
    await page.getByTestId('attach-input').evaluate((input) => {
      input.addEventListener('click', (e) => {
        (window as unknown as { pickerOpened: number }).pickerOpened = 1;
        e.preventDefault();
      });
    });
    await poll(async () => {
      await button.focus();
      return page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    }).toBe('Attach files');
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => (window as unknown as { pickerOpened?: number }).pickerOpened)).toBe(
      1,
    );
    await page.reload();
    await poll(async () => (await chat.box.getAttribute('placeholder')) ?? '').toMatch(/gpt/i);
    // The browser's chooser takes several files; the picked ones upload.
    const [red, blue] = await Promise.all([pngFile('red.png'), pngFile('blue.png', '#2563eb')]);
    await chooseFiles(page, [red, blue]);
    await uploaded(page, 2);
    const thumbs = page.getByRole('list', { name: 'Attached files' }).locator('img');
    expect(await thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual([
      'red.png',
      'blue.png',
    ]);
    // The thumbnails show the real pictures (decoded, not broken).
    await poll(() => thumbs.first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(64);
    expect(await errorToasts(page).count()).toBe(0);
    await chat.context.close();
  });

  it('files dropped on the chat area show the overlay while dragged, then upload', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const file = await pngFile('dropped.png');
    const target = page.getByTestId('chat-input');
    await dropFiles(target, [file], HOVER);
    const overlay = page.getByTestId('drop-overlay');
    await overlay.waitFor();
    expect(await overlay.locator('p').allInnerTexts()).toEqual([
      'Add anything',
      'Drop any file here to add it to the conversation',
    ]);
    // Leaving the area hides it again; nothing was added.
    await dropFiles(target, [file], ['dragleave']);
    await poll(() => overlay.count()).toBe(0);
    expect(await attachments(page).count()).toBe(0);
    await dropFiles(target, [file], HOVER);
    await overlay.waitFor();
    await dropFiles(target, [file], ['drop']);
    await poll(() => overlay.count()).toBe(0);
    await uploaded(page, 1);
    expect(await attachments(page).locator('img').getAttribute('alt')).toBe('dropped.png');
    await chat.context.close();
  });

  it('files pasted into the text box are uploads', async () => {
    const chat = await openReadyChat();
    const { page, box } = chat;
    await pasteFiles(box, [await pngFile('image.png')]);
    await uploaded(page, 1);
    expect(await box.inputValue()).toBe('');
    await chat.context.close();
  });
});

describe('attach: checks before upload, gathered into one toast', () => {
  it('refuses an unsupported type, and says which', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    await chooseFiles(page, [{ name: 'notes.txt', type: 'text/plain', base64: btoa('hello') }]);
    expect(await errorToastText(page)).toBe('Currently, unsupported file type: text/plain');
    expect(await attachments(page).count()).toBe(0);
    await chat.context.close();
  });

  it('refuses more than 10 files, counting those already attached', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const first = await pngFile('first.png');
    await dropFiles(page.getByTestId('chat-input'), [first]);
    await uploaded(page, 1);
    const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => pngFile(`p${i}.png`, `#0${i}0`)));
    await dropFiles(page.getByTestId('chat-input'), ten);
    expect(await errorToastText(page)).toBe('You can only upload up to 10 files at a time.');
    expect(await attachments(page).count()).toBe(1);
    await chat.context.close();
  });

  it('refuses a file over 20 MB and a batch over 25 MB in total', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    await dropFiles(page.getByTestId('chat-input'), [zeroFile('huge.png', 'image/png', 21 * MB)]);
    expect(await errorToastText(page)).toBe('File size exceeds 20 MB.');
    await poll(() => errorToasts(page).count(), 8000).toBe(0);
    await dropFiles(page.getByTestId('chat-input'), [
      zeroFile('half-1.png', 'image/png', 13 * MB),
      zeroFile('half-2.png', 'image/png', 13 * MB),
    ]);
    expect(await errorToastText(page)).toBe('The total size of the files cannot exceed 25 MB.');
    expect(await attachments(page).count()).toBe(0);
    await chat.context.close();
  });

  it('refuses a duplicate (same name, size and kind)', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const file = await pngFile('twice.png');
    await dropFiles(page.getByTestId('chat-input'), [file]);
    await uploaded(page, 1);
    await dropFiles(page.getByTestId('chat-input'), [file]);
    expect(await errorToastText(page)).toBe('Duplicate file detected.');
    expect(await attachments(page).count()).toBe(1);
    await chat.context.close();
  });

  it('several errors of one drop come as ONE toast, deduplicated and bulleted, for 5 s', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    const good = await pngFile('good.png');
    // The page's timers run on Playwright's clock from here, and its time moves only when the test moves it:
    // installed a minute behind, then paused at the present (no timer of the page's is due in between).
    await page.clock.install({ time: Date.now() - 60_000 });
    await page.clock.pauseAt(Date.now());
    await dropFiles(page.getByTestId('chat-input'), [
      { name: 'a.txt', type: 'text/plain', base64: btoa('a') },
      { name: 'b.pdf', type: 'application/pdf', base64: btoa('%PDF-1.4') },
      zeroFile('big.png', 'image/png', 21 * MB),
      { name: 'c.txt', type: 'text/plain', base64: btoa('c') },
      good,
    ]);
    // Shown after the 250 ms gathering and the toast's own 100 ms, not before, as one toast.
    await page.clock.runFor(349);
    expect(await errorToasts(page).count()).toBe(0);
    await page.clock.runFor(1);
    expect(await errorToastText(page)).toBe(
      [
        '• Currently, unsupported file type: text/plain',
        '• Currently, unsupported file type: application/pdf',
        '• File size exceeds 20 MB.',
      ].join('\n'),
    );
    // Its 5 s run from its render (Radix starts them in an effect).
    await pageTasksDone(page);
    // The good file of the batch still uploads: sent (0.9), then done 300 ms of page time later.
    await poll(async () => (await progressOf(page))[0] ?? 0).toBeGreaterThanOrEqual(0.9);
    await page.clock.runFor(300);
    await uploaded(page, 1);
    // 5 s, not the usual 3 s: still there at 4.9 s, gone at 5 s (then its 200 ms closing).
    await page.clock.runFor(4_600);
    const open = errorToasts(page).and(page.locator('[data-state="open"]'));
    expect(await open.count()).toBe(1);
    await page.clock.runFor(300);
    await poll(() => errorToasts(page).count()).toBe(0);
    await chat.context.close();
  });

  it('needs an endpoint: a drop before the new chat knows its endpoint is refused', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    // A fresh page whose endpoint list is held back: the new chat has no endpoint yet.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/endpoints', async (route) => {
      await held;
      await route.fallback();
    });
    await page.reload();
    await chat.box.waitFor();
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('early.png')]);
    expect(await errorToastText(page)).toBe(
      'Cannot attach the file: select an endpoint first, or start a new chat.',
    );
    expect(await attachments(page).count()).toBe(0);
    release();
    await chat.context.close();
  });

  it('upload errors join the toast: the server message, else the generic text', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    // The toasts' timers on Playwright's clock, paused at the present (as in the test above).
    await page.clock.install({ time: Date.now() - 60_000 });
    await page.clock.pauseAt(Date.now());
    await page.route('**/api/files/images', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await dropFiles(page.getByTestId('chat-input'), [
      await pngFile('fails.png'),
      { name: 'x.txt', type: 'text/plain', base64: btoa('x') },
    ]);
    // The upload's failure joins the refusal while the gathering waits (the answer is immediate).
    await poll(() => attachments(page).count()).toBe(0);
    await page.clock.runFor(350);
    expect(await errorToastText(page)).toBe(
      '• Currently, unsupported file type: text/plain\n• An error occurred while uploading the file.',
    );
    await page.unroute('**/api/files/images');
    await page.route('**/api/files/images', (route) =>
      route.fulfill({ status: 400, json: { code: 'VALIDATION', message: 'File size exceeds 20 MB.' } }),
    );
    // Past the gathered toast's 5 s and its closing.
    await page.clock.runFor(5_300);
    await poll(() => errorToasts(page).count()).toBe(0);
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('refused.png')]);
    await poll(() => attachments(page).count()).toBe(0);
    await page.clock.runFor(350);
    expect(await errorToastText(page)).toBe('File size exceeds 20 MB.');
    await chat.context.close();
  });
});

describe('attach: per endpoint and per language', () => {
  it('is unavailable, with the reason, where the endpoint turns uploads off', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    await page.route('**/api/files/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { endpoints: Record<string, Record<string, unknown>> };
      for (const name of Object.keys(config.endpoints)) config.endpoints[name]!.disabled = true;
      await route.fulfill({ response, json: config });
    });
    await page.reload();
    await chat.box.waitFor();
    const button = page.getByRole('button', { name: 'Attach files' });
    await poll(() => button.getAttribute('aria-disabled')).toBe('true');
    expect(await button.getAttribute('title')).toBe('File uploads are disabled for this endpoint.');
    // The picker would open through a click on the hidden file input, in the button's own click handler.
    await page.getByTestId('attach-input').evaluate((input) => {
      input.addEventListener('click', (e) => {
        (window as unknown as { pickerOpened: number }).pickerOpened = 1;
        e.preventDefault();
      });
    });
    // aria-disabled (still focusable, for the reason): Playwright would wait for it to be enabled.
    await button.click({ force: true });
    expect(await page.evaluate(() => (window as unknown as { pickerOpened?: number }).pickerOpened)).toBe(
      undefined,
    );
    // A drop gets no overlay and is refused with the reason.
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('no.png')], HOVER);
    expect(await page.getByTestId('drop-overlay').count()).toBe(0);
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('no.png')]);
    expect(await errorToastText(page)).toBe('File uploads are disabled for this endpoint.');
    await chat.context.close();
  });

  it('speaks Chinese in zh-CN: the overlay and the refusals', async () => {
    const chat = await openReadyChat({ locale: 'zh-CN' }, '消息');
    const { page } = chat;
    await page.getByRole('button', { name: '添加文件' }).waitFor();
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('a.png')], HOVER);
    expect(await page.getByTestId('drop-overlay').locator('p').allInnerTexts()).toEqual([
      '添加任意内容',
      '将任意文件拖放到此处，即可添加到对话中',
    ]);
    await dropFiles(page.getByTestId('chat-input'), [
      { name: 'a.txt', type: 'text/plain', base64: btoa('a') },
      zeroFile('big.png', 'image/png', 21 * MB),
    ]);
    expect(await errorToastText(page)).toBe('• 暂不支持此文件类型：text/plain\n• 文件大小超过 20 MB。');
    await chat.context.close();
  });
});
