import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
const busy = () => { const f = readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6]+f[7])/100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const origin='http://127.0.0.1:3092';
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
await page.goto(origin+'/login');
const email=`b-${Date.now()}@example.com`;
await page.evaluate(async (email) => (await fetch('/api/auth/register',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({name:'Grace',email,password:'Secret-pass-123!',confirm_password:'Secret-pass-123!'})})).status, email);
await page.goto(origin+'/c/new'); await page.locator('main').waitFor(); await page.waitForTimeout(2000);
let b = busy(), t = Date.now();
for (let i = 0; i < 10; i++) await page.screenshot({ path: '/tmp/b.png' });
console.log('10 screenshots: cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t);
b = busy(); t = Date.now();
for (let i = 0; i < 10; i++) await page.screenshot({ path: '/tmp/b.png', fullPage: true });
console.log('10 fullpage: cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t);
b = busy(); t = Date.now();
for (let i = 0; i < 5; i++) await new AxeBuilder({ page }).analyze();
console.log('5 axe: cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t);
b = busy(); t = Date.now();
for (let i = 0; i < 5; i++) { await page.reload(); await page.locator('main').waitFor(); await page.getByTestId('user-menu').waitFor(); }
console.log('5 reloads: cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t);
b = busy(); t = Date.now();
for (let i = 0; i < 5; i++) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(origin+'/login'); await p.locator('main, form').first().waitFor(); await c.close(); }
console.log('5 new ctx+login page: cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t);
await browser.close();
