import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { fetchExpiry } from './keys.api';

vi.mock('../../lib/api', () => ({ api: { call: vi.fn() } }));

const answer = (value: unknown) => vi.mocked(api.call).mockResolvedValueOnce(value as never);

describe('fetchExpiry', () => {
  beforeEach(() => vi.mocked(api.call).mockReset());

  it('reads {expiresAt: null} as no key, "never" as a key without expiry, a date as its expiry', async () => {
    answer({ expiresAt: null });
    expect(await fetchExpiry('openAI')).toBeNull();
    answer({ expiresAt: 'never' });
    expect(await fetchExpiry('openAI')).toEqual({ expiresAt: null });
    answer({ expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(await fetchExpiry('openAI')).toEqual({ expiresAt: '2030-01-01T00:00:00.000Z' });
  });

  it('reads a 404 as no key and passes other errors on', async () => {
    vi.mocked(api.call).mockRejectedValueOnce(new ApiError(404, 'No key'));
    expect(await fetchExpiry('openAI')).toBeNull();
    vi.mocked(api.call).mockRejectedValueOnce(new ApiError(500, 'Boom'));
    await expect(fetchExpiry('openAI')).rejects.toBeInstanceOf(ApiError);
  });
});
