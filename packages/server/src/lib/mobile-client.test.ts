import { describe, expect, it } from 'vitest';
import { isMobileClient, isWeChatBrowser } from './mobile-client';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.50';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('isMobileClient', () => {
  it('reads the client hint first, then the user agent', () => {
    expect(isMobileClient({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP })).toBe(true);
    expect(isMobileClient({ 'sec-ch-ua-mobile': '?0', 'user-agent': IPHONE })).toBe(false);
    expect(isMobileClient({ 'user-agent': IPHONE })).toBe(true);
    expect(isMobileClient({ 'user-agent': ANDROID_WECHAT })).toBe(true);
    expect(isMobileClient({ 'user-agent': DESKTOP })).toBe(false);
    expect(isMobileClient({})).toBe(false);
  });

  it("knows WeChat's in-app browser", () => {
    expect(isWeChatBrowser({ 'user-agent': ANDROID_WECHAT })).toBe(true);
    expect(isWeChatBrowser({ 'user-agent': IPHONE })).toBe(false);
    expect(isWeChatBrowser({})).toBe(false);
  });
});
