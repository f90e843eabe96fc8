import { formatStorageSize, type FileUsage } from '@parley/shared';

/** How the quota line reads and fills: the sizes, the share used (0-100) and how close to full it is. */
export interface StorageUsageView {
  used: string;
  /** Null when there is no quota: the line gives the usage alone and shows no bar. */
  limit: string | null;
  percent: number;
  level: 'ok' | 'high' | 'full';
}

/** At 90 % the bar turns amber: the next few uploads may be refused. */
const HIGH = 90;

export function storageUsageView({ used, limit }: FileUsage): StorageUsageView {
  if (limit === null) return { used: formatStorageSize(used), limit: null, percent: 0, level: 'ok' };
  const percent = Math.min(100, (used / limit) * 100);
  return {
    used: formatStorageSize(used),
    limit: formatStorageSize(limit),
    percent,
    level: used >= limit ? 'full' : percent >= HIGH ? 'high' : 'ok',
  };
}
