import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionAddressCheck, refusalOfUrl } from './action-host-check';

afterEach(() => vi.useRealTimers());

describe('refusalOfUrl', () => {
  it.each([
    ['http://[::ffff:127.0.0.1]/', 'is a loopback address'],
    ['http://metadata.google.internal/', 'is a cloud metadata service'],
    ['ftp://a.example.com/', 'is not an http(s) URL'],
    ['http://192.168.1.1:8080/', 'is a private address'],
  ])('refuses %s without looking it up', async (url, why) => {
    const resolve = vi.fn(async () => ['93.184.216.34']);
    expect(await refusalOfUrl(url, actionAddressCheck([], resolve))).toBe(why);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('judges every address a name resolves to, as the guard does', async () => {
    const check = actionAddressCheck(['10.0.0.0/8'], async () => ['10.0.0.1', 'fd00::1']);
    expect(await refusalOfUrl('https://mixed.example.com/', check)).toBe('resolves to a private address');
    expect(
      await refusalOfUrl(
        'https://mixed.example.com/',
        actionAddressCheck(['10.0.0.0/8', 'fd00::/8'], async () => ['10.0.0.1', 'fd00::1']),
      ),
    ).toBeNull();
  });

  it('lets a name through that does not resolve, or not within the time limit', async () => {
    expect(
      await refusalOfUrl(
        'https://gone.example.com/',
        actionAddressCheck([], () => Promise.reject(new Error('ENOTFOUND'))),
      ),
    ).toBeNull();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const never = actionAddressCheck([], () => new Promise<string[]>(() => {}));
    const pending = refusalOfUrl('https://slow.example.com/', never);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toBeNull();
  });
});
