import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const busy = () => { const f = readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6]+f[7])/100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...(process.env.XARGS? process.env.XARGS.split(' '):[])] });
const origin='http://127.0.0.1:3092';
async function m(label, fn) { const b = busy(), t = Date.now(); await fn(); console.log(label, 'cpu', (busy()-b).toFixed(1), 'wall', Date.now()-t); }
await m('5 ctx blank', async () => { for (let i = 0; i < 5; i++) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto('about:blank'); await c.close(); } });
await m('5 ctx /favicon', async () => { for (let i = 0; i < 5; i++) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(origin+'/api/config'); await c.close(); } });
await m('5 ctx login', async () => { for (let i = 0; i < 5; i++) { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(origin+'/login'); await p.locator('form').first().waitFor(); await c.close(); } });
const c = await browser.newContext(); 
await m('5 pages same ctx login', async () => { for (let i = 0; i < 5; i++) { const p = await c.newPage(); await p.goto(origin+'/login'); await p.locator('form').first().waitFor(); await p.close(); } });
await browser.close();
