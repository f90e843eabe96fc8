import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '@parley/shared';
import { poll, send, settled, useChatBrowser } from './chat-fixture';
import {
  attachments,
  dropFiles,
  errorToasts,
  errorToastText,
  HOVER,
  MB,
  openReadyChat,
  pngFile,
  progressOf,
  shotPath,
  slowUploads,
  uploaded,
  zeroFile,
} from './files-attach-fixture';

useChatBrowser();

// Pictures of the attachments at desktop, phone and dark (written to /tmp/shots-attach), each step asserted.

const VIEWS = [
  { name: 'desktop', options: {} },
  { name: 'phone', options: { width: 390, height: 844 } },
  { name: 'dark', options: { colorScheme: 'dark' as const } },
];

const PDF_BYTES = btoa('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

describe('attachment screenshots', () => {
  for (const view of VIEWS) {
    it(`${view.name}: progress, done, overlay, error toast, sent images, full size`, async () => {
      const chat = await openReadyChat(view.options);
      const { page } = chat;
      // The pictures show an image chip and a document chip side by side: let this endpoint take PDFs, and
      // answer the PDF upload as the server would for an endpoint that accepts them.
      await page.route('**/api/files/config', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as {
          endpoints: Record<string, { supportedMimeTypes: string[] }>;
        };
        for (const rules of Object.values(config.endpoints))
          rules.supportedMimeTypes.push('^application/pdf$');
        await route.fulfill({ response, json: config });
      });
      // Registered first, so the PDF answer below (matched first) takes the PDF's POST.
      await slowUploads(page, 2500);
      await page.route('**/api/files', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        const now = new Date().toISOString();
        const answer: UploadResponse = {
          file_id: 'shot-pdf',
          temp_file_id: 'x',
          filepath: '/api/files/download/shot-pdf',
          filename: 'Quarterly report.pdf',
          type: 'application/pdf',
          bytes: 60,
          source: 'local',
          context: 'message_attachment',
          createdAt: now,
          updatedAt: now,
          message: 'ok',
        };
        await route.fulfill({ status: 201, json: answer });
      });
      await page.reload();
      await chat.box.waitFor();
      await poll(async () => (await chat.box.getAttribute('placeholder')) ?? '').toMatch(/gpt/);

      const target = page.getByTestId('chat-input');
      await dropFiles(target, [
        await pngFile('sunset.png', '#f97316', 320, 200),
        await pngFile('forest.png', '#15803d', 200, 300),
        { name: 'Quarterly report.pdf', type: 'application/pdf', base64: PDF_BYTES },
      ]);
      await poll(() => progressOf(page)).toEqual([0.6, 0.6, 0.2]);
      await page.waitForTimeout(350);
      await target.screenshot({ path: shotPath(`${view.name}-1-progress.png`) });
      await uploaded(page, 3);
      await chat.box.fill('Which of these photos suits the report cover?');
      await target.screenshot({ path: shotPath(`${view.name}-2-done.png`) });

      await dropFiles(target, [await pngFile('more.png')], HOVER);
      await page.getByTestId('drop-overlay').waitFor();
      await page.screenshot({ path: shotPath(`${view.name}-3-overlay.png`) });
      await dropFiles(target, [await pngFile('more.png')], ['dragleave']);

      await dropFiles(target, [
        { name: 'notes.txt', type: 'text/plain', base64: btoa('notes') },
        zeroFile('panorama.png', 'image/png', 21 * MB),
        await pngFile('sunset.png', '#f97316', 320, 200),
      ]);
      expect(await errorToastText(page)).toContain('• File size exceeds 20 MB.');
      await page.waitForTimeout(300);
      await page.screenshot({ path: shotPath(`${view.name}-4-error-toast.png`) });
      await errorToasts(page).getByRole('button', { name: 'Close' }).click();
      await poll(() => errorToasts(page).count()).toBe(0);

      // Sent: without the PDF (this endpoint's server rules refuse it), the two photos.
      await page.getByRole('button', { name: 'Remove Quarterly report.pdf' }).click();
      await send(chat, 'Which of these photos suits the report cover?');
      await settled(chat);
      expect(await attachments(page).count()).toBe(0);
      const images = chat.articles.first().getByTestId('message-files').locator('img');
      await poll(() => images.count()).toBe(2);
      await page.screenshot({ path: shotPath(`${view.name}-5-sent.png`) });

      await chat.articles.first().getByRole('button', { name: 'Open image 1 at full size' }).click();
      const viewer = page.getByTestId('image-viewer');
      await poll(() => viewer.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(320);
      await page.waitForTimeout(250);
      await page.screenshot({ path: shotPath(`${view.name}-6-full-size.png`) });
      await page.keyboard.press('Escape');
      await poll(() => viewer.count()).toBe(0);
      await chat.context.close();
    });
  }
});
