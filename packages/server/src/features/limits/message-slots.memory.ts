import { randomUUID } from 'node:crypto';
import type { SlotStore } from './message-slots.store';

/** A count per user in this process; it dies with the process, so it needs no expiry. */
export function createMemorySlotStore(): SlotStore {
  const held = new Map<string, Set<string>>();
  return {
    async acquire(key, limit) {
      const slots = held.get(key) ?? new Set<string>();
      if (slots.size >= limit) return null;
      const id = randomUUID();
      slots.add(id);
      held.set(key, slots);
      return id;
    },
    async release(key, slotId) {
      const slots = held.get(key);
      if (!slots?.delete(slotId)) return;
      if (slots.size === 0) held.delete(key);
    },
  };
}
