import { describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';
import { MODEL_LIST_TTL_MS } from './model-lists';

function setup(answer: () => Response) {
  const calls: { url: string; auth: string | null }[] = [];
  let clock = 0;
  const fetch = (async (url: URL | string, init?: RequestInit) => {
    calls.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
    return answer();
  }) as typeof globalThis.fetch;
  const config = providersConfig({}, [
    customEndpoint({ models: { default: ['fallback'], fetch: true, userIdQuery: true } }),
  ]);
  const registry = createProviderRegistry(config, { fetch, now: () => clock });
  return { registry, calls, tick: (ms: number) => (clock += ms) };
}

describe('listModels with fetch', () => {
  it('fetches /models with ?user=<id> and the key, and caches the answer', async () => {
    const { registry, calls, tick } = setup(() => Response.json({ data: [{ id: 'm1' }, { id: 'm2' }] }));
    expect(await registry.listModels('Mistral', { userId: 'u1' })).toEqual(['m1', 'm2']);
    expect(calls).toEqual([{ url: 'https://custom.example/v1/models?user=u1', auth: 'Bearer sk-custom' }]);
    await registry.listModels('Mistral', { userId: 'u1' });
    expect(calls).toHaveLength(1);
    tick(MODEL_LIST_TTL_MS + 1);
    await registry.listModels('Mistral', { userId: 'u1' });
    expect(calls).toHaveLength(2);
  });

  it('falls back to the configured defaults when the fetch fails', async () => {
    const { registry } = setup(() => new Response('nope', { status: 500 }));
    expect(await registry.listModels('Mistral', { userId: 'u1' })).toEqual(['fallback']);
  });
});
