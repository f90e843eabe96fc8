import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => app?.close());

describe('security headers', () => {
  it('lets images come from this origin, inline data and https only (reply images load on a click)', async () => {
    app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc?.trim()).toBe("img-src 'self' data: blob: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });

  it('frames only the Bing image-creation pages a bingAI reply may embed', async () => {
    app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc?.trim()).toBe(
      'frame-src https://bing.com/images/create/ https://www.bing.com/images/create/ https://cn.bing.com/images/create/',
    );
  });
});
