import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LANGUAGES } from '@parley/shared';
import { animationsDone, artifactPath, newContext } from './browser.test-helpers';
import { openChat, send, settled, sim, useChatBrowser, type Chat } from './chat.test-helpers';
import { fullCatalogue, leftInEnglish, visibleTexts } from './languages.test-helpers';

// Every language on the main screens (docs/reference/settings-and-ui.md (Languages)): the chat with a reply, the
// sidebar, the model menu, the user menu, each settings tab and the sign-in page show no text left in English, and Arabic is laid
// out right to left, Radix's menus and tabs included. A zh-TW or zh-HK browser gets Traditional Chinese.

useChatBrowser();
const baseUrl = inject('baseUrl');
const OTHERS = LANGUAGES.filter((lang) => lang !== 'en-US');

let chat: Chat;
let conversationUrl: string;
/** A browser with no session, for the sign-in pages. */
let signedOut: BrowserContext | undefined;

beforeAll(async () => {
  chat = await openChat({ name: 'Grace Hopper' });
});
afterAll(async () => {
  await signedOut?.close();
  await chat?.context.close();
});

/** One conversation with a reply, made in English by the first test that needs it (expect.poll needs a test). */
async function haveConversation(): Promise<void> {
  if (conversationUrl) return;
  await chat.page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await send(chat, `Hello ${sim({ reply: 'A short reply.' })}`);
  await settled(chat);
  conversationUrl = chat.page.url();
}

const text = (lang: string, key: string) => {
  const value = fullCatalogue(lang)[key];
  if (!value) throw new Error(`${lang} has no ${key}`);
  return value;
};

/** Reloads the conversation in `lang` and answers what each main screen shows. */
async function screensIn(page: Page, lang: string): Promise<Record<string, string[]>> {
  await haveConversation();
  await page.evaluate((lang) => localStorage.setItem('lang', lang), lang);
  await page.goto(conversationUrl);
  await page.locator('[role="log"] article').last().waitFor();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
  await page.locator('[role="log"] article').last().hover();
  const screens: Record<string, string[]> = { chat: await visibleTexts(page) };

  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menu').waitFor();
  screens['model menu'] = await visibleTexts(page);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').waitFor();
  screens['user menu'] = await visibleTexts(page);
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings-dialog');
  const tabs = settings.getByRole('tab');
  await tabs.first().waitFor();
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await settings.getByRole('tabpanel').waitFor();
    await animationsDone(page);
    screens[`settings: ${await tabs.nth(i).innerText()}`] = await visibleTexts(page);
  }
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
  return screens;
}

/** The sign-in and sign-up pages, signed out, in `lang`. */
async function signedOutScreensIn(context: BrowserContext, lang: string): Promise<Record<string, string[]>> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate((lang) => localStorage.setItem('lang', lang), lang);
  const screens: Record<string, string[]> = {};
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
    await page.locator('main, form').first().waitFor();
    await animationsDone(page);
    screens[path] = await visibleTexts(page);
  }
  await page.close();
  return screens;
}

function leftovers(screens: Record<string, string[]>, lang: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(screens)
      .map(([screen, texts]) => [screen, leftInEnglish(texts, lang)] as const)
      .filter(([, left]) => left.length > 0),
  );
}

describe('every language on the main screens', () => {
  it('the check itself finds English: the en-US screens are all "left in English" against German', async () => {
    const screens = await screensIn(chat.page, 'en-US');
    // Without this the checks below could pass by reading nothing.
    expect(Object.keys(screens).length).toBeGreaterThanOrEqual(7);
    for (const [screen, texts] of Object.entries(screens)) {
      expect(leftInEnglish(texts, 'de-DE').length, screen).toBeGreaterThan(2);
    }
  });

  for (const lang of OTHERS) {
    it(`${lang}: no English left on the chat, the menu, the settings and the sign-in pages`, async () => {
      const screens = await screensIn(chat.page, lang);
      expect(screens['chat']!.length).toBeGreaterThan(10);
      expect(leftovers(screens, lang)).toEqual({});
      signedOut ??= await newContext(chat.page.context().browser()!);
      expect(leftovers(await signedOutScreensIn(signedOut, lang), lang)).toEqual({});
    });
  }
});

describe('Arabic, right to left', () => {
  it('lays the page, the sidebar and the Radix parts out right to left (desktop light, phone dark)', async () => {
    const { page } = chat;
    await haveConversation();
    await page.evaluate(() => localStorage.setItem('lang', 'ar-EG'));
    await page.goto(conversationUrl);
    await page.locator('[role="log"] article').last().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The sidebar sits at the right edge, the conversation to its left.
    const nav = await page.locator('nav').first().boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(nav!.x).toBeGreaterThan(main!.x);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('languages-ar-EG-chat.png') });

    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getAttribute('dir')).toBe('rtl');
    await page.getByTestId('open-settings').click();
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('tablist').waitFor();
    expect(await settings.locator('[role="tablist"]').getAttribute('aria-orientation')).toBe('vertical');
    expect(await settings.locator('[dir]').first().getAttribute('dir')).toBe('rtl');
    // Radix's arrow keys follow the direction: the first tab's "next" is below it in a vertical list either way, so
    // check the tab list's own direction and that its tabs sit at the dialog's right.
    const list = await settings.getByRole('tablist').boundingBox();
    const dialog = await settings.boundingBox();
    expect(list!.x + list!.width / 2).toBeGreaterThan(dialog!.x + dialog!.width / 2);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('languages-ar-EG-settings.png') });
    await page.keyboard.press('Escape');

    const phone = await newContext(page.context().browser()!, {
      width: 390,
      height: 844,
      colorScheme: 'dark',
    });
    try {
      const signIn = await phone.newPage();
      await signIn.goto(`${baseUrl}/login`);
      await signIn.evaluate(() => localStorage.setItem('lang', 'ar-EG'));
      await signIn.reload();
      await signIn.waitForFunction(() => document.documentElement.dir === 'rtl');
      await signIn.getByRole('button', { name: text('ar-EG', 'com_auth_continue') }).waitFor();
      await animationsDone(signIn);
      await signIn.screenshot({ path: artifactPath('languages-ar-EG-login-phone-dark.png') });
    } finally {
      await phone.close();
    }
  });
});

describe('Traditional Chinese browsers', () => {
  for (const locale of ['zh-TW', 'zh-HK']) {
    it(`a ${locale} browser with no stored choice gets zh-TC`, async () => {
      const context = await newContext(chat.page.context().browser()!, { locale });
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl}/login`);
        await page.waitForFunction(() => document.documentElement.lang === 'zh-TC');
        await page.getByRole('button', { name: text('zh-TC', 'com_auth_continue') }).waitFor();
        expect(text('zh-TC', 'com_auth_continue')).not.toBe(text('zh-CN', 'com_auth_continue'));
      } finally {
        await context.close();
      }
    });
  }
});
