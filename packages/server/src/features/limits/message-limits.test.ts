import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { limitedApp, limitsVariants, postMessage, randomPrefix } from './limits.test-helpers';

type Reply = Awaited<ReturnType<typeof postMessage>>;

function expectMessageLimit(res: Reply, max: number, windowInMinutes: number): void {
  expect(res.statusCode).toBe(429);
  const body = res.json<ApiErrorBody>();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toBe(`{"type":"message_limit","max":${max},"windowInMinutes":${windowInMinutes}}`);
  expect(body.details).toEqual({ type: 'message_limit', max, windowInMinutes });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowInMinutes * 60);
}

describe.each(limitsVariants(process.env.TEST_REDIS_URL))('message limits ($name)', (variant) => {
  afterEach(() => variant.cleanup());

  it('refuses the (max+1)th message from one IP in a window, whatever the users', async () => {
    const app = await limitedApp(variant.stores({ messageIpMax: 3, messageIpWindowMinutes: 2 }));
    for (let i = 0; i < 3; i++) expect((await postMessage(app, '10.0.0.1', `user${i}`)).statusCode).toBe(200);
    expectMessageLimit(await postMessage(app, '10.0.0.1', 'user9'), 3, 2);
    expect((await postMessage(app, '10.0.0.2', 'user9')).statusCode).toBe(200);
  });

  it('refuses the (max+1)th message of one user, from any IPs, when LIMIT_MESSAGE_USER', async () => {
    const app = await limitedApp(
      variant.stores({
        limitMessageIp: false,
        limitMessageUser: true,
        messageUserMax: 2,
        messageUserWindowMinutes: 5,
      }),
    );
    expect((await postMessage(app, '10.0.1.1', 'ann')).statusCode).toBe(200);
    expect((await postMessage(app, '10.0.1.2', 'ann')).statusCode).toBe(200);
    expectMessageLimit(await postMessage(app, '10.0.1.3', 'ann'), 2, 5);
    expect((await postMessage(app, '10.0.1.3', 'bob')).statusCode).toBe(200);
  });

  it("uses LibreChat's defaults when the config has no messageLimits: 40 per IP per minute, users unlimited", async () => {
    const app = await limitedApp(variant.stores(null));
    for (let i = 0; i < 40; i++) expect((await postMessage(app, '10.0.2.1', 'ann')).statusCode).toBe(200);
    expectMessageLimit(await postMessage(app, '10.0.2.1', 'ann'), 40, 1);
  });

  it('lets everything through when both window limits are off', async () => {
    const app = await limitedApp(
      variant.stores({ limitMessageIp: false, limitMessageUser: false, messageIpMax: 0, messageUserMax: 0 }),
    );
    for (let i = 0; i < 5; i++) expect((await postMessage(app, '10.0.3.1')).statusCode).toBe(200);
  });

  it('counts one window for every route the pre-handler guards', async () => {
    const stores = variant.stores({ messageIpMax: 1 });
    const [a, b] = [await limitedApp(stores), await limitedApp(stores)];
    expect((await postMessage(a, '10.0.4.1')).statusCode).toBe(200);
    expectMessageLimit(await postMessage(b, '10.0.4.1'), 1, 1);
  });

  it('refuses an unauthenticated request when counting per user', async () => {
    const app = await limitedApp(variant.stores({ limitMessageUser: true }));
    const res = await app.inject({ method: 'POST', url: '/api/ask/test', remoteAddress: '10.0.5.1' });
    expect(res.statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('message limits across instances', () => {
  const [, redis] = limitsVariants(process.env.TEST_REDIS_URL);
  afterEach(() => redis!.cleanup());

  it('shares the counts of every instance on one Redis', async () => {
    const prefix = randomPrefix();
    const limits = { messageIpMax: 2, limitMessageUser: true, messageUserMax: 3 };
    const a = await limitedApp(redis!.stores(limits, prefix));
    const b = await limitedApp(redis!.stores(limits, prefix));
    expect((await postMessage(a, '10.1.0.1', 'ann')).statusCode).toBe(200);
    expect((await postMessage(b, '10.1.0.1', 'ann')).statusCode).toBe(200);
    expectMessageLimit(await postMessage(a, '10.1.0.1', 'ann'), 2, 1);
    // The refused request still counted for ann: her third message is her last.
    expectMessageLimit(await postMessage(b, '10.1.0.2', 'ann'), 3, 1);
  });
});
