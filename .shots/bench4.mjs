import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const origin='http://127.0.0.1:3092';
const c = await browser.newContext();
for (const path of ['/login', '/login', '/c/new']) {
  const p = await c.newPage();
  const cdp = await c.newCDPSession(p);
  await cdp.send('Performance.enable');
  const t = Date.now();
  await p.goto(origin+path); await p.locator('form, main').first().waitFor(); await p.waitForTimeout(1500);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const g = (n) => metrics.find((m) => m.name === n)?.value;
  console.log(path, 'wall', Date.now()-t, 'task', g('TaskDuration')?.toFixed(2), 'script', g('ScriptDuration')?.toFixed(2), 'layout', g('LayoutDuration')?.toFixed(2), 'style', g('RecalcStyleDuration')?.toFixed(2), 'nodes', g('Nodes'), 'jsheap', (g('JSHeapUsedSize')/1e6).toFixed(1));
  await p.close();
}
await browser.close();
