import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// WeChat Pay on a computer (docs/reference/commerce.md (WeChat Pay)): Pay in the recharge dialog leads to Parley's
// QR page, whose script (under the server's CSP) notices the signed payment notice and goes back to /c/new. The
// WeChat Pay API is a local stand-in answering a Native order with a code_url, signed with a platform key made here.

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = keys();
const platform = keys();
const platformSerial = 'PUB_KEY_ID_0000000000000002';
const mchid = '1900000002';
const apiV3Key = randomBytes(16).toString('hex');

function signed(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(platform.privateKey, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': platformSerial,
    'wechatpay-signature': signature,
  };
}

/** The notice WeChat Pay posts once the order is paid. */
function paidNotice(orderId: string, amountFen: number) {
  const transaction = JSON.stringify({
    mchid,
    out_trade_no: orderId,
    transaction_id: `4200${orderId.slice(0, 16)}`,
    trade_state: 'SUCCESS',
    amount: { total: amountFen, currency: 'CNY' },
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(transaction), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    event_type: 'TRANSACTION.SUCCESS',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  return { body, headers: { 'content-type': 'application/json', ...signed(body) } };
}

let browser: Browser;
let server: ServerProcess;
let wechat: Server;
beforeAll(async () => {
  browser = await launchBrowser();
  wechat = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=e2eTest1' });
      res.writeHead(200, { 'content-type': 'application/json', ...signed(answer) }).end(answer);
    });
  });
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  const { port } = wechat.address() as AddressInfo;
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-wechat-')));
  server = await startServer({
    ...env,
    CHECK_BALANCE: 'true',
    PAYMENT_PROVIDER: 'wechat',
    WECHAT_PAY_MCHID: mchid,
    WECHAT_PAY_APPID: 'wx0000000000000002',
    WECHAT_PAY_SERIAL: 'MERCHANT-SERIAL-2',
    WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
    WECHAT_PAY_PLATFORM_SERIAL: platformSerial,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHAT_PAY_APIV3_KEY: apiV3Key,
    WECHAT_PAY_BASE_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (wechat ? wechat.close(() => resolve()) : resolve()));
});

describe('paying with WeChat Pay on a computer', () => {
  it('shows the QR page, and goes back to the chat once the notice pays the order', async () => {
    const context = await newContext(browser);
    const errors: string[] = [];
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'wechat' });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Recharge' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.getByRole('tab', { name: 'Top up credits' }).click();
    await dialog.getByTestId('purchase-option').filter({ hasText: '¥10' }).first().click();
    await dialog.getByRole('button', { name: 'Pay ¥10' }).click();
    await page.waitForURL(/\/pay\/wechat\/[0-9a-f]{32}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    expect(await page.locator('.qr svg').count()).toBe(1);
    await expect(page.getByText('Scan with WeChat to pay / 请使用微信扫一扫支付').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('¥10.00').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifactPath('wechat-pay-page-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: artifactPath('wechat-pay-page-phone.png') });

    const notice = paidNotice(orderId, 1000);
    const answer = await fetch(`${server.baseUrl}/api/pay/notify/wechat`, {
      method: 'POST',
      headers: notice.headers,
      body: notice.body,
    });
    expect(answer.status).toBe(204);
    // The page's own script sees the order paid (it polls every 2 s) and goes back to the chat.
    await page.waitForURL(/\/c\/new$/, { timeout: 10_000 });
    // Back with the order named: the notice says what it gave.
    const paid = page.getByTestId('paid-dialog');
    await paid.getByRole('heading', { name: 'Payment received' }).waitFor();
    expect(await paid.getByTestId('paid-line').allInnerTexts()).toEqual(['10 credits added.']);
    // No script or policy error on the way: the inline script ran under the page's CSP.
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);

    await page.goto(`${server.baseUrl}/pay/wechat/${orderId}`);
    await expect(page.getByText('This order is paid. / 订单已支付。').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifactPath('wechat-pay-page-paid.png') });
    await context.close();
  });
});
