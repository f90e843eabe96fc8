import type { IncomingHttpHeaders } from 'node:http';

// Phones and tablets as their browsers say: the client hint when the browser sends one (Chromium), else the user
// agent's own words (Safari and Firefox send no hints; WeChat's and Alipay's in-app browsers carry "Mobile").
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i;

/** WeChat's in-app browser, where WeChat Pay's mobile-browser (H5) payment is refused. */
export const isWeChatBrowser = (headers: IncomingHttpHeaders): boolean =>
  /MicroMessenger/i.test(String(headers['user-agent'] ?? ''));

/** Whether the request comes from a phone or tablet browser, for pages that exist in a mobile form. */
export function isMobileClient(headers: IncomingHttpHeaders): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return MOBILE_AGENT.test(String(headers['user-agent'] ?? ''));
}
