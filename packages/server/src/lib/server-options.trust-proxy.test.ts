import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config/proxy-settings';
import { testConfig } from '../../test/app.test-helpers';
import { serverOptions } from './server-options';

/** What a Parley server under TRUST_PROXY=`trustProxy` takes for the client's address and the request's host. */
async function seen(trustProxy: TrustProxy, remoteAddress: string, headers: Record<string, string>) {
  const app = Fastify(serverOptions(testConfig({ trustProxy })));
  app.get('/', (request) => ({ ip: request.ip, host: request.host }));
  try {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress,
      headers: { host: 'parley', ...headers },
    });
    return res.json<{ ip: string; host: string }>();
  } finally {
    await app.close();
  }
}

// A client wrote `X-Forwarded-For: 6.6.6.6`; the proxy (127.0.0.1) appended the address it saw, 1.2.3.4.
const SPOOFED = { 'x-forwarded-for': '6.6.6.6, 1.2.3.4', 'x-forwarded-host': 'chat.example.com' };

describe('the client address under TRUST_PROXY', () => {
  it('is the one the proxy appended with one hop, never what the client wrote', async () => {
    expect(await seen(1, '127.0.0.1', SPOOFED)).toEqual({ ip: '1.2.3.4', host: 'chat.example.com' });
  });

  it('is the rightmost address that is not a listed proxy', async () => {
    expect(await seen(['127.0.0.1'], '127.0.0.1', SPOOFED)).toEqual({
      ip: '1.2.3.4',
      host: 'chat.example.com',
    });
    expect(
      await seen(['127.0.0.0/8', '10.0.0.0/8'], '127.0.0.1', {
        'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.7',
      }),
    ).toMatchObject({ ip: '1.2.3.4' });
  });

  it('counts two proxies with two hops', async () => {
    expect(await seen(2, '127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.7' })).toMatchObject({
      ip: '1.2.3.4',
    });
  });

  it('is the socket address for a peer that is not a listed proxy, and with TRUST_PROXY off', async () => {
    expect(await seen(['127.0.0.1'], '203.0.113.9', SPOOFED)).toEqual({ ip: '203.0.113.9', host: 'parley' });
    expect(await seen(false, '127.0.0.1', SPOOFED)).toEqual({ ip: '127.0.0.1', host: 'parley' });
  });
});
