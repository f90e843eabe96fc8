import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext, toast } from './browser.test-helpers';
import { poll, sim } from './chat.test-helpers';
import { signedInPage } from './session.test-helpers';

// Read aloud and dictation (docs/reference/speech.md). Headless Chromium's own speech engines are not usable, so each
// page gets stand-ins before it loads: a speechSynthesis that records what it is asked to say, and a recognition the
// test feeds results to; or neither, where both buttons must be absent.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const STUBS = () => {
  const log = {
    spoken: [] as Array<{ text: string; lang: string; voice: string | null }>,
    recognitionLang: '',
  };
  type U = {
    text: string;
    lang: string;
    voice: { name: string } | null;
    onend?: () => void;
    onerror?: (e: object) => void;
  };
  let queue: U[] = [];
  const synth = {
    getVoices: () => [
      { lang: 'en-US', name: 'English', localService: true },
      { lang: 'zh-CN', name: 'Chinese', localService: true },
    ],
    speak(u: U) {
      log.spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null });
      queue.push(u);
    },
    cancel() {
      const was = queue;
      queue = [];
      was.forEach((u) => u.onerror?.({ error: 'interrupted' }));
    },
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {
    configurable: true,
    value: function Utterance(this: U, text: string) {
      this.text = text;
      this.lang = '';
      this.voice = null;
    },
  });
  class Recognition {
    lang = '';
    onresult: ((e: object) => void) | null = null;
    onerror: ((e: object) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      log.recognitionLang = this.lang;
      Object.assign(window, { speechTest: { ...log, recognition: this } });
    }
    stop() {
      this.onend?.();
    }
  }
  Object.defineProperty(window, 'SpeechRecognition', { value: Recognition, configurable: true });
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: Recognition, configurable: true });
  Object.assign(window, {
    speechTest: log,
    finishSpeech: () => {
      const was = queue;
      queue = [];
      was.forEach((u) => u.onend?.());
    },
  });
};

const NO_SPEECH = () => {
  for (const name of [
    'speechSynthesis',
    'SpeechSynthesisUtterance',
    'SpeechRecognition',
    'webkitSpeechRecognition',
  ]) {
    Object.defineProperty(window, name, { value: undefined, configurable: true });
  }
};

async function openPage(stubs: () => void, view: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, view);
  await context.addInitScript(stubs);
  const { page } = await signedInPage(context, baseUrl, { tag: 'speech' });
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor({ timeout: 15_000 });
  return page;
}

async function sendAndWait(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await poll(() => box.isEnabled()).toBe(true);
  await box.fill(text);
  await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
  await box.press('Enter');
  await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { speechTest: { spoken: unknown[] } }).speechTest.spoken);
const replies = (page: Page) => page.locator('[role="log"] article');
const button = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });

async function axe(page: Page): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page })
    .include('[role="log"]')
    .include('[data-testid="chat-input"]')
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const ENGLISH =
  '# Plants\n\nWater rises through the **xylem**.\n\n```js\nconst skipped = true;\n```\n\nThat is all.';
const CHINESE = '植物通过木质部输送水分，这是一个很长的过程。';

describe('read aloud and dictation', () => {
  it('reads a reply in its language, one at a time, and stops on a second press', async () => {
    const page = await openPage(STUBS);
    await sendAndWait(page, `Explain ${sim({ reply: ENGLISH })}`);
    await sendAndWait(page, `In Chinese ${sim({ reply: CHINESE })}`);
    const [first, second] = [replies(page).nth(1), replies(page).nth(3)];

    await button(first, 'Read aloud').click();
    await button(first, 'Stop reading').waitFor();
    expect(await spoken(page)).toEqual([
      { text: 'Plants\n\nWater rises through the xylem.\n\nThat is all.', lang: 'en-US', voice: 'English' },
    ]);
    await page.screenshot({ path: artifactPath('speech-reading-desktop-light.png') });
    expect(await axe(page)).toEqual([]);

    // Starting the second stops the first.
    await button(second, 'Read aloud').click();
    await button(second, 'Stop reading').waitFor();
    await button(first, 'Read aloud').waitFor();
    expect((await spoken(page))[1]).toEqual({ text: CHINESE, lang: 'zh-CN', voice: 'Chinese' });

    // It ends by itself; then a second press stops a new reading.
    await page.evaluate(() => (window as unknown as { finishSpeech: () => void }).finishSpeech());
    await button(second, 'Read aloud').waitFor();
    await button(second, 'Read aloud').click();
    await button(second, 'Stop reading').click();
    await button(second, 'Read aloud').waitFor();
    expect(await page.getByRole('button', { name: 'Stop reading' }).count()).toBe(0);
    await page.context().close();
  });

  it('dictates into the box after its text, showing the words as heard; Esc stops; a refusal is explained', async () => {
    const page = await openPage(STUBS);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await poll(() => box.isEnabled()).toBe(true);
    await box.fill('Note:');
    await page.getByRole('button', { name: 'Dictate' }).click();
    await page.getByRole('button', { name: 'Stop dictation' }).waitFor();
    expect(
      await page.evaluate(
        () => (window as unknown as { speechTest: { recognitionLang: string } }).speechTest.recognitionLang,
      ),
    ).toBe('en-US');
    const feed = (results: Array<[string, boolean]>) =>
      page.evaluate((list) => {
        const { recognition } = (
          window as unknown as { speechTest: { recognition: { onresult: (e: object) => void } } }
        ).speechTest;
        recognition.onresult({ results: list.map(([t, isFinal]) => ({ isFinal, 0: { transcript: t } })) });
      }, results);
    await feed([
      ['hello', true],
      [' wor', false],
    ]);
    await poll(() => box.inputValue()).toBe('Note: hello wor');
    await page.screenshot({ path: artifactPath('speech-dictating-desktop-light.png') });
    expect(await axe(page)).toEqual([]);
    await feed([
      ['hello', true],
      [' world', true],
    ]);
    await poll(() => box.inputValue()).toBe('Note: hello world');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dictate' }).waitFor();
    expect(await box.inputValue()).toBe('Note: hello world');

    await page.getByRole('button', { name: 'Dictate' }).click();
    // The refusal goes to the new recognition, once it listens (before that, speechTest holds the first one).
    await page.getByRole('button', { name: 'Stop dictation' }).waitFor();
    await page.evaluate(() => {
      const { recognition } = (
        window as unknown as {
          speechTest: { recognition: { onerror: (e: object) => void; stop: () => void } };
        }
      ).speechTest;
      recognition.onerror({ error: 'not-allowed' });
      recognition.stop();
    });
    await toast(page, 'error', /Microphone access was denied/).waitFor();
    await page.getByRole('button', { name: 'Dictate' }).waitFor();
    await page.context().close();
  });

  it('hides both buttons where the browser has neither engine (and the server none)', async () => {
    const page = await openPage(NO_SPEECH);
    await sendAndWait(page, `Hi ${sim({ reply: 'Hello there.' })}`);
    const reply = replies(page).nth(1);
    await button(reply, 'Copy').waitFor();
    expect(await button(reply, 'Read aloud').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Dictate' }).count()).toBe(0);
    await page.context().close();
  });

  it('on a phone in the dark theme', async () => {
    const page = await openPage(STUBS, { width: 390, height: 844, colorScheme: 'dark' });
    await sendAndWait(page, `Hi ${sim({ reply: 'Hello there, this is a reply.' })}`);
    const reply = replies(page).nth(1);
    await button(reply, 'Read aloud').click();
    await button(reply, 'Stop reading').waitFor();
    await page.getByRole('button', { name: 'Dictate' }).click();
    await page.getByRole('button', { name: 'Stop dictation' }).waitFor();
    await page.screenshot({ path: artifactPath('speech-phone-dark.png') });
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
});
