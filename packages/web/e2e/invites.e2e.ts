import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { apiFromPage, PASSWORD, signedInPage } from './session.test-helpers';

// docs/reference/accounts.md (Invite links): a link registers the next user, and the chain is kept two levels deep.

interface InviteStats {
  inviteCode: string;
  invitedCount: number;
  invited24Count: number;
  secondLevelCount: number;
}

const LABELS = {
  'en-US': {
    name: 'Full name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    submit: /^Submit$/,
  },
  'zh-CN': { name: '姓名', email: '电子邮箱', password: '密码', confirm: '确认密码', submit: /^提交$/ },
} as const;

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const statsOf = async (page: Page) => (await apiFromPage<InviteStats>(page, '/api/user/invites')).body;

/** Opens `code`'s invite link in a fresh browser and registers through the form it leads to. */
async function registerThroughLink(code: string, locale: keyof typeof LABELS, name: string): Promise<Page> {
  const L = LABELS[locale];
  const context = await newContext(browser, { locale });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.goto(`${baseUrl}/${code}`);
  await page.waitForURL(`${baseUrl}/register?inviteCode=${code}`);
  // The link replaced itself in the history: back goes to the page before it, forward to the form again.
  await page.goBack();
  await page.waitForURL(`${baseUrl}/login`);
  await page.goForward();
  await page.waitForURL(`${baseUrl}/register?inviteCode=${code}`);
  await page.getByLabel(L.name, { exact: true }).fill(name);
  await page.getByLabel(L.email, { exact: true }).fill(uniqueEmail(`invited-${locale}`));
  await page.getByLabel(L.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(L.confirm, { exact: true }).fill(PASSWORD);
  await page.screenshot({ path: artifactPath(`invite-register-${locale}.png`) });
  await page.getByRole('button', { name: L.submit }).click();
  await page.waitForURL(`${baseUrl}/c/new`);
  return page;
}

describe('invite links', () => {
  it("A's link registers B, B's link registers C: A counts B and, one level down, C", async () => {
    const a = await signedInPage(await newContext(browser), baseUrl, { tag: 'inviter' });
    const codeA = (await statsOf(a.page)).inviteCode;

    const b = await registerThroughLink(codeA, 'en-US', 'Bea Invited');
    const codeB = (await statsOf(b)).inviteCode;
    const c = await registerThroughLink(codeB, 'zh-CN', '陈小明');

    expect(await statsOf(a.page)).toMatchObject({
      inviteCode: codeA,
      invitedCount: 1,
      invited24Count: 1,
      secondLevelCount: 1,
    });
    expect(await statsOf(b)).toMatchObject({
      inviteCode: codeB,
      invitedCount: 1,
      invited24Count: 1,
      secondLevelCount: 0,
    });
    expect(await statsOf(c)).toMatchObject({ invitedCount: 0, secondLevelCount: 0 });
    await Promise.all([a.page.context().close(), b.context().close(), c.context().close()]);
  });
});
