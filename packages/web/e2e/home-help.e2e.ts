import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BalanceRules } from '@parley/shared';
import {
  animationsDone,
  artifactPath,
  launchBrowser,
  newContext,
  routeStartupConfig,
} from './browser.test-helpers';
import { signedInPage } from './session.test-helpers';

// /home and /help (docs/reference/home-and-help.md): the two tabs, an example prompt filling a new chat's box, a
// category leading to the prompt library's address, the help sections with this server's figures, Chinese and
// Arabic, a phone in the dark theme, and axe on each.

const baseUrl = inject('baseUrl');

/** Figures no default has, so the page can only show them by reading the startup config. */
const RULES: BalanceRules = {
  pricing: 'call',
  callCost: { 'gpt-3': 3_000, 'gpt-4': 45_000 },
  registrationGift: { credits: 250_000, gpt3Uses: 42, gpt4Uses: 7 },
  dailyRestore: { credits: 20_000, gpt3Uses: 9, gpt4Uses: 2 },
  timeZone: 'Asia/Shanghai',
  invitePercent: 12.5,
  inviteSecondLevelPercent: 4,
  inviteGift: 80_000,
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(
  options: Parameters<typeof newContext>[1] & { balance?: boolean; path?: string },
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, options);
  try {
    if (options.balance) {
      await routeStartupConfig(context, { checkBalance: true, shopEnabled: true, balanceRules: RULES });
    }
    const { page } = await signedInPage(context, baseUrl, { tag: 'home', path: options.path });
    page.setDefaultTimeout(10_000);
    await run(page, context);
  } finally {
    await context.close();
  }
}

async function expectAxeClean(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  if (violations.length > 0) await page.screenshot({ path: artifactPath(`axe-${name}.png`) });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000, interval: 50 });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const section = (page: Page, id: string) => page.locator(`section[data-section="${id}"]`);

describe('/home', () => {
  it('has the landing header and two tabs, the tab in the address', async () => {
    await withPage({ path: '/home' }, async (page) => {
      await page.getByTestId('home-heading').waitFor();
      expect(await page.getByText('All your AI conversations in one place').count()).toBe(1);
      const tabs = page.getByRole('tablist', { name: 'Home page' }).getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(['Home', 'Draw']);
      expect(await page.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
      // The header's three buttons lead to the page's three sections.
      for (const [name, id] of [
        ['AI introduction', 'intro'],
        ['AI examples', 'examples'],
        ['AI tools', 'tools'],
      ])
        expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(`#${id}`);
      expect(await page.locator('[data-category]').count()).toBe(6);
      await animationsDone(page);
      await page.screenshot({ path: artifactPath('home-desktop-light.png'), fullPage: true });
      await expectAxeClean(page, 'home-desktop-light');

      await page.getByRole('tab', { name: 'Draw' }).click();
      await page.getByRole('heading', { name: 'Draw with AI' }).waitFor();
      expect(new URL(page.url()).search).toBe('?tab=draw');
      expect(await page.locator('[data-testid^="home-draw-"]').count()).toBe(3);
      await page.screenshot({ path: artifactPath('home-draw-desktop-light.png') });
      await expectAxeClean(page, 'home-draw');

      // The address opens the tab it names.
      await page.goto(`${baseUrl}/home?tab=draw`);
      await page.getByRole('heading', { name: 'Draw with AI' }).waitFor();
      await page.getByRole('tab', { name: 'Home' }).click();
      await page.getByTestId('home-heading').waitFor();
      expect(new URL(page.url()).search).toBe('');
    });
  }, 60_000);

  it('an example prompt opens a new chat with its instruction in the box, not sent', async () => {
    await withPage({ path: '/home' }, async (page) => {
      await page.getByTestId('home-example-vision').click();
      await page.waitForURL(/\/c\/new$/);
      await poll(() => messageBox(page).inputValue()).toMatch(
        /^Look at the picture I attach \(first choose a model that reads images, such as gpt-4o/,
      );
      // Nothing was sent: the new chat still shows its landing.
      expect(await page.getByTestId('chat-heading').count()).toBe(1);
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Message',
      );
    });
  }, 60_000);

  it('a category leads to a new chat that names it for the prompt library', async () => {
    await withPage({ path: '/home' }, async (page) => {
      await page.locator('[data-category="translation"]').click();
      await page.waitForURL((url) => url.pathname === '/c/new');
      // The message box's library button reads the parameter and drops it from the address (whether that has
      // happened yet when the address is read depends on the machine's speed): what is left is the library open on
      // the category's tag, over a working chat.
      const dialog = page.getByTestId('prompt-library-dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('searchbox').inputValue()).toBe('translation');
      await poll(() => new URL(page.url()).searchParams.get('promptLibrary')).toBeNull();
      await page.keyboard.press('Escape');
      await page.getByTestId('chat-heading').waitFor();
      await messageBox(page).waitFor();
    });
  }, 60_000);

  it('speaks Chinese: the tabs, and the Chinese instruction naming the model', async () => {
    await withPage({ path: '/home', locale: 'zh-CN' }, async (page) => {
      await page.getByText('所有 AI 对话，尽在一处').waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['首页', '绘画']);
      await page.screenshot({ path: artifactPath('home-zh-CN.png') });
      await page.getByTestId('home-example-chat').click();
      await page.waitForURL(/\/c\/new$/);
      await poll(() => page.getByRole('textbox').first().inputValue()).toContain('GPT-4 类模型');
    });
  }, 60_000);
  it('is readable signed out: the Draw tab asks to log in or sign up, and a prompt leads to log in first', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${baseUrl}/home?tab=draw`);
      await page.getByText('Sign in or create an account to start drawing and chatting.').waitFor();
      expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
      await expectAxeClean(page, 'home-draw-signed-out');
      await page.getByTestId('home-draw-scene').click();
      await page.waitForURL(/\/login$/);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('/help', () => {
  it("states this server's figures from the startup config, with contents that lead to each section", async () => {
    await withPage({ path: '/help', balance: true }, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
      // The page shows its contents before the startup config arrives (no shop sections yet): wait for them.
      await poll(() => contents.allTextContents()).toEqual([
        'Credits and free uses',
        'Subscription cards and credits',
        'Invites and cash-back',
        'Your own API keys',
        'Files and images',
        'Languages',
        'Keyboard shortcuts',
      ]);
      const credits = await section(page, 'credits').textContent();
      expect(credits).toContain(
        'a GPT-3.5-class reply costs 0.03 credits and a GPT-4-class reply 0.45 credits',
      );
      expect(credits).toContain(
        'A new account gets 42 free GPT-3.5-class uses, 7 free GPT-4-class uses and 2.5 credits.',
      );
      expect(credits).toContain(
        'brought back up to 9 (GPT-3.5 class) and 2 (GPT-4 class), and 0.2 credits are added',
      );
      const invites = await section(page, 'invites').textContent();
      expect(invites).toContain('you earn 12.5% of the payment, and 4% of what the people they invite pay');
      expect(invites).toContain('also gets 0.8 credits');
      // The file limits are the server's (GET /api/files/config): the defaults here.
      expect(await section(page, 'files').textContent()).toContain(
        'Each message takes up to 10 files of at most 20 MB each, and 25 MB together.',
      );
      // The shortcuts are the shortcuts dialog's list.
      expect(await section(page, 'shortcuts').locator('[data-shortcut]').count()).toBe(7);
      await animationsDone(page);
      await page.screenshot({ path: artifactPath('help-desktop-light.png'), fullPage: true });
      await expectAxeClean(page, 'help-desktop-light');

      await contents.filter({ hasText: 'Files and images' }).click();
      await poll(() => new URL(page.url()).hash).toBe('#files');
      await poll(() =>
        page.evaluate(() => {
          const top = document.getElementById('files')!.getBoundingClientRect().top;
          return top >= 0 && top < 200;
        }),
      ).toBe(true);

      // Recharge opens from its section.
      await section(page, 'cards').getByRole('button', { name: 'Open Recharge' }).click();
      await page.getByRole('dialog').waitFor();
    });
  }, 90_000);

  it('says the server does not charge, and shows no card or invite section, while the balance is off', async () => {
    await withPage({ path: '/help#languages' }, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      expect(await section(page, 'credits').textContent()).toContain('This server does not charge for chats');
      expect(await section(page, 'cards').count()).toBe(0);
      expect(await section(page, 'invites').count()).toBe(0);
      // The address's section is in view.
      await poll(() =>
        page.evaluate(() => {
          const top = document.getElementById('languages')!.getBoundingClientRect().top;
          return top >= 0 && top < 200;
        }),
      ).toBe(true);
      // The language can be switched here.
      await section(page, 'languages').getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
      await page.getByRole('heading', { level: 1, name: '帮助' }).waitFor();
      await page.getByRole('heading', { name: '键盘快捷键' }).waitFor();
    });
  }, 60_000);

  it('reads right to left in Arabic', async () => {
    await withPage({ path: '/help', locale: 'ar-EG', balance: true }, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'المساعدة' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await section(page, 'invites').textContent()).toContain('12.5%');
      await animationsDone(page);
      await page.screenshot({ path: artifactPath('help-ar-EG.png') });
    });
  }, 60_000);
});

describe('on a phone, dark', () => {
  it('lays out /home and /help in one column, axe clean', async () => {
    await withPage(
      { path: '/home', width: 390, height: 844, colorScheme: 'dark', balance: true },
      async (page) => {
        await page.getByTestId('home-heading').waitFor();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(await overflow()).toBe(false);
        await animationsDone(page);
        await page.screenshot({ path: artifactPath('home-phone-dark.png'), fullPage: true });
        await expectAxeClean(page, 'home-phone-dark');

        await page.goto(`${baseUrl}/help`);
        await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
        expect(await overflow()).toBe(false);
        await animationsDone(page);
        await page.screenshot({ path: artifactPath('help-phone-dark.png') });
        await expectAxeClean(page, 'help-phone-dark');
      },
    );
  }, 90_000);
});
