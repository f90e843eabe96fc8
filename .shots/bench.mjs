import { chromium } from 'playwright-core';
const extra = process.env.XARGS ? process.env.XARGS.split(' ') : [];
const t0 = Date.now();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...extra] });
const origin='http://127.0.0.1:3092';
for (let round = 0; round < 3; round++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: process.env.REDUCE ? 'reduce' : 'no-preference' });
  const page = await ctx.newPage();
  await page.goto(origin+'/login');
  const email=`b-${Date.now()}-${round}@example.com`;
  await page.evaluate(async (email) => (await fetch('/api/auth/register',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({name:'Grace',email,password:'Secret-pass-123!',confirm_password:'Secret-pass-123!'})})).status, email);
  for (let i = 0; i < 4; i++) {
    await page.goto(origin+'/c/new');
    await page.locator('main').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    const settings = page.getByTestId('settings-dialog');
    const tabs = settings.getByRole('tab');
    await tabs.first().waitFor();
    for (let j = 0; j < (await tabs.count()); j++) { await tabs.nth(j).click(); await settings.getByRole('tabpanel').waitFor(); }
    await page.keyboard.press('Escape');
    await page.screenshot({ path: '/tmp/bench.png' });
  }
  await ctx.close();
}
await browser.close();
console.log('wall', Date.now() - t0);
