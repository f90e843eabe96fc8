import type { Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { openChat, poll, type Chat } from './chat.test-helpers';

// Helpers of the attachment specs (files-attach*.e2e.ts): files built in the page, the three ways in (picker,
// drop, paste), and what the message box and the toasts show.

/** A file to hand to the page: real bytes (base64), or `size` zero bytes (for the size checks). */
export interface FileSpec {
  name: string;
  type: string;
  base64?: string;
  size?: number;
}

/** A real PNG (sharp), so the browser can measure it and the server can read it. */
export async function pngFile(name: string, color = '#e11d48', width = 64, height = 48): Promise<FileSpec> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, type: 'image/png', base64: buffer.toString('base64') };
}

export const zeroFile = (name: string, type: string, size: number): FileSpec => ({ name, type, size });
export const MB = 1024 * 1024;

/** A new chat whose endpoint is known (the placeholder names the model), ready to take files. */
export async function openReadyChat(options: Parameters<typeof openChat>[0] = {}, boxName?: string) {
  const chat: Chat = await openChat(options, boxName);
  // The placeholder names the model once the endpoint is known.
  await poll(async () => (await chat.box.getAttribute('placeholder')) ?? '').toMatch(/gpt|gemini|claude/i);
  return chat;
}

/**
 * Picks the e2e server's OpenAI model that reads images (its default, gpt-3.5-turbo, reads none, and a send with
 * images to it waits: honest-chat.e2e.ts), through the model menu by keyboard.
 */
export async function useVisionModel(chat: Chat, model = 'gpt-4-vision-preview'): Promise<void> {
  const { page } = chat;
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: /^OpenAI/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('menuitemradio', { name: model, exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain(model);
}

/** Through the paperclip button and the browser's file chooser. */
export async function chooseFiles(page: Page, files: FileSpec[]): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach files' }).click(),
  ]);
  await chooser.setFiles(
    files.map((f) => ({
      name: f.name,
      mimeType: f.type,
      buffer: f.base64 ? Buffer.from(f.base64, 'base64') : Buffer.alloc(f.size ?? 1),
    })),
  );
}

const DROP = ['dragenter', 'dragover', 'drop'];
/** Only the drag over `target`, no drop (for the overlay). */
export const HOVER = ['dragenter', 'dragover'];

/** A drag of the files over `target` and a drop, as the browser fires it (or other drag events). */
export async function dropFiles(target: Locator, files: FileSpec[], events = DROP): Promise<void> {
  await target.evaluate(
    (el, [files, events]) => {
      const data = new DataTransfer();
      for (const f of files) {
        const bytes = f.base64
          ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
          : new Uint8Array(f.size ?? 1);
        data.items.add(new File([bytes], f.name, { type: f.type }));
      }
      for (const type of events) {
        el.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    [files, events] as const,
  );
}

/** A paste of the files into the text box, as a screenshot pasted from the clipboard arrives. */
export async function pasteFiles(box: Locator, files: FileSpec[]): Promise<void> {
  await box.evaluate((el, files) => {
    const data = new DataTransfer();
    for (const f of files) {
      const bytes = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : new Uint8Array(1);
      data.items.add(new File([bytes], f.name, { type: f.type }));
    }
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files);
}

export const attachments = (page: Page) => page.getByTestId('attachment');
export const errorToasts = (page: Page) => page.locator('[data-severity="error"]');

/** The progress of each file in the message box, in order. */
export const progressOf = (page: Page) =>
  attachments(page).evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.progress)));

/** Waits until `count` files are in the box, all uploaded. */
export async function uploaded(page: Page, count: number): Promise<void> {
  await poll(() => progressOf(page), 15_000).toEqual(Array.from({ length: count }, () => 1));
}

/** The single error toast's text once it shows (one toast, whatever the number of errors). */
export async function errorToastText(page: Page): Promise<string> {
  await errorToasts(page).first().waitFor();
  return (await errorToasts(page).first().innerText()).replace(/\s*×\s*$/, '').trim();
}

/** Every DELETE /api/files the page sends, with its body. */
export function recordDeletes(page: Page): Array<{ files: Array<{ file_id: string }> }> {
  const seen: Array<{ files: Array<{ file_id: string }> }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/files') {
      seen.push(request.postDataJSON() as { files: Array<{ file_id: string }> });
    }
  });
  return seen;
}

/** Holds every upload's answer back until the returned function is called (to see the steps before done). */
export async function holdUploads(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/files(\/images)?$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}
