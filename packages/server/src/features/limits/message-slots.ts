import { AppError } from '../../lib/app-error';
import type { LimitStores } from './limit-stores';

const noop = async (): Promise<void> => {};

/**
 * Takes one of the user's CONCURRENT_MESSAGE_MAX generation slots, or throws RATE_LIMITED (`concurrent`) when all
 * are held. Call it before starting a job and call the answer when the job finishes (not when the request ends).
 * The release is idempotent and never rejects: should Redis fail then, the slot frees itself when its lease ends.
 */
export async function acquireMessageSlot(stores: LimitStores, userId: string): Promise<() => Promise<void>> {
  const { limits, prefix, slots } = stores;
  if (!limits.limitConcurrentMessages) return noop;
  const limit = limits.concurrentMessageMax;
  const key = `${prefix}concurrent:${userId}`;
  const slotId = await slots.acquire(key, limit);
  if (slotId === null) {
    throw new AppError('RATE_LIMITED', JSON.stringify({ type: 'concurrent', limit }), {
      type: 'concurrent',
      limit,
    });
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await slots.release(key, slotId).catch(() => undefined);
  };
}
