import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  auth,
  buildFilesApp,
  image,
  imageForm,
  upload,
  type FilesTestApp,
  type UploadRequest,
} from './files.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

type Reply = Awaited<ReturnType<typeof upload>>;

function expectUploadLimit(res: Reply, max: number, windowInMinutes: number): void {
  expect(res.statusCode).toBe(429);
  const body = res.json<ApiErrorBody>();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toBe(`{"type":"file_upload_limit","max":${max},"windowInMinutes":${windowInMinutes}}`);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowInMinutes * 60);
}

const REDIS_URL = process.env.TEST_REDIS_URL;
const stores = [{ name: 'memory', redis: false }, ...(REDIS_URL ? [{ name: 'redis', redis: true }] : [])];

describe.each(testDialects().flatMap((dialect) => stores.map((store) => ({ dialect, ...store }))))(
  'upload rate limits on $dialect, $name',
  ({ dialect, redis }) => {
    const apps: FilesTestApp[] = [];
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
    });
    const build = async (uploadLimits: object, redisPrefix?: string) => {
      const prefix = redisPrefix ?? `parley-test:files:${randomBytes(6).toString('hex')}:`;
      const t = await buildFilesApp(dialect, {
        uploadLimits,
        ...(redis && REDIS_URL ? { redis: { url: REDIS_URL, prefix } } : {}),
      });
      apps.push(t);
      return t;
    };

    it('refuses the (max+1)th upload of one user in a window, from any IP and on every upload route', async () => {
      const t = await build({ userMax: 3, userWindowInMinutes: 7 });
      const ann = await newUser(t.app);
      const png = await image(8, 8);
      const forms: UploadRequest[] = [
        { ...imageForm('a.png', png), remoteAddress: '10.1.0.1' },
        { ...imageForm('b.png', png), url: '/api/files', remoteAddress: '10.1.0.2' },
        {
          url: '/api/files/images/avatar',
          fileField: 'input',
          file: { name: 'me.png', data: png, type: 'image/png' },
          remoteAddress: '10.1.0.3',
        },
      ];
      for (const form of forms) expect((await upload(t.app, ann.token, form)).statusCode).toBeLessThan(300);
      expectUploadLimit(
        await upload(t.app, ann.token, { ...imageForm('c.png', png), remoteAddress: '10.1.0.4' }),
        3,
        7,
      );
      const bob = await newUser(t.app);
      expect(
        (await upload(t.app, bob.token, { ...imageForm('d.png', png), remoteAddress: '10.1.0.4' }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses the (max+1)th upload from one IP in a window, whatever the users', async () => {
      const t = await build({ ipMax: 2, ipWindowInMinutes: 3 });
      const png = await image(8, 8);
      for (let i = 0; i < 2; i++) {
        const { token } = await newUser(t.app);
        expect(
          (await upload(t.app, token, { ...imageForm('a.png', png), remoteAddress: '10.2.0.1' })).statusCode,
        ).toBe(201);
      }
      const { token } = await newUser(t.app);
      expectUploadLimit(
        await upload(t.app, token, { ...imageForm('a.png', png), remoteAddress: '10.2.0.1' }),
        2,
        3,
      );
      expect(
        (await upload(t.app, token, { ...imageForm('a.png', png), remoteAddress: '10.2.0.2' })).statusCode,
      ).toBe(201);
    });

    it('refuses before reading the body, and does not count requests the auth guard turns away', async () => {
      const t = await build({ userMax: 1 });
      const { token } = await newUser(t.app);
      for (let i = 0; i < 3; i++) {
        expect((await upload(t.app, 'bad-token', imageForm('a.png', await image(4, 4)))).statusCode).toBe(
          401,
        );
      }
      expect((await upload(t.app, token, imageForm('a.png', await image(4, 4)))).statusCode).toBe(201);
      // A broken form: were the body read first, this would be a 400.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: 'not a form at all',
      });
      expectUploadLimit(res, 1, 15);
    });

    if (redis) {
      it('counts across instances that share Redis', async () => {
        const prefix = `parley-test:files:${randomBytes(6).toString('hex')}:`;
        const a = await build({ ipMax: 1 }, prefix);
        const b = await build({ ipMax: 1 }, prefix);
        const { token: tokenA } = await newUser(a.app);
        const { token: tokenB } = await newUser(b.app);
        const png = await image(4, 4);
        expect(
          (await upload(a.app, tokenA, { ...imageForm('a.png', png), remoteAddress: '10.3.0.1' })).statusCode,
        ).toBe(201);
        expectUploadLimit(
          await upload(b.app, tokenB, { ...imageForm('a.png', png), remoteAddress: '10.3.0.1' }),
          1,
          15,
        );
      });
    }
  },
);
