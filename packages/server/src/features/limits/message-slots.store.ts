/** Where the concurrent-message slots live: this process's memory, or Redis shared by every instance. */
export interface SlotStore {
  /** Takes a slot under `key` unless `limit` are held already; answers the slot's id, or null when full. */
  acquire(key: string, limit: number): Promise<string | null>;
  /** Gives the slot back; a slot already given back (or expired) is left alone. */
  release(key: string, slotId: string): Promise<void>;
}
