import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...(process.argv[3]? process.argv[3].split(' '):[])] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: process.argv[4] === 'reduce' ? 'reduce' : 'no-preference' });
const page = await ctx.newPage();
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
console.log('ready'); 
await page.waitForTimeout(20000);
await browser.close();
