import { describe, expect, it } from 'vitest';
import { MB } from '@parley/shared';
import { storageUsageView } from './storage-usage';

describe('storageUsageView', () => {
  it('gives the sizes and the share used of the quota', () => {
    expect(storageUsageView({ used: 12.3 * MB, limit: 1024 * MB })).toEqual({
      used: '12.3 MB',
      limit: '1 GB',
      percent: (12.3 / 1024) * 100,
      level: 'ok',
    });
  });

  it('turns high from 90 % and full at the limit, never past 100 %', () => {
    expect(storageUsageView({ used: 90 * MB, limit: 100 * MB }).level).toBe('high');
    expect(storageUsageView({ used: 89 * MB, limit: 100 * MB }).level).toBe('ok');
    expect(storageUsageView({ used: 100 * MB, limit: 100 * MB })).toMatchObject({
      level: 'full',
      percent: 100,
    });
    expect(storageUsageView({ used: 150 * MB, limit: 100 * MB }).percent).toBe(100);
  });

  it('has no limit and no bar when the quota is off', () => {
    expect(storageUsageView({ used: 3 * MB, limit: null })).toEqual({
      used: '3 MB',
      limit: null,
      percent: 0,
      level: 'ok',
    });
  });
});
