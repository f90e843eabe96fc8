import { afterEach, describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { startFakeService, type FakeService } from './fake-service.test-helpers';
import { requireAuth, serviceJson, serviceText } from './service-http';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const call = (url: string, signal = new AbortController().signal) => ({
  service: 'Example',
  url: new URL(url),
  fetch: globalThis.fetch,
  signal,
});

describe('serviceJson', () => {
  it('reads a JSON answer', async () => {
    fake = await startFakeService((_request, res) => res.end('{"ok":true}'));
    expect(await serviceJson(call(fake.url))).toEqual({ ok: true });
  });

  it('turns a malformed JSON answer into a ToolError', async () => {
    fake = await startFakeService((_request, res) => res.end('<html>maintenance</html>'));
    await expect(serviceJson(call(fake.url))).rejects.toThrow(
      new ToolError('Example answered with malformed JSON.'),
    );
  });

  it('turns a refused connection into a ToolError without the URL', async () => {
    fake = await startFakeService(() => undefined);
    const url = `${fake.url}/search?key=secret`;
    await fake.close();
    fake = undefined;
    const error = await serviceJson(call(url)).catch((e: unknown) => e);
    expect(error).toEqual(new ToolError('Example could not be reached.'));
  });

  it('throws the abort reason at once when the run was already stopped', async () => {
    fake = await startFakeService((_request, res) => res.end('{}'));
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(serviceJson(call(fake.url, controller.signal))).rejects.toThrow('stopped');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('serviceText', () => {
  it('reads the body of a status the caller handles itself', async () => {
    fake = await startFakeService((_request, res) => {
      res.writeHead(501);
      res.end('Not understood');
    });
    expect(await serviceText({ ...call(fake.url), readStatuses: [501] })).toEqual({
      status: 501,
      text: 'Not understood',
    });
  });
});

describe('requireAuth', () => {
  it('names the missing setting', () => {
    expect(() => requireAuth({}, 'TAVILY_API_KEY', 'Tavily')).toThrow(
      new ToolError('Tavily is not configured: TAVILY_API_KEY is missing.'),
    );
    expect(requireAuth({ TAVILY_API_KEY: ' k ' }, 'TAVILY_API_KEY', 'Tavily')).toBe('k');
  });
});
