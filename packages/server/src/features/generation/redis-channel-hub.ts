import type { Redis } from 'ioredis';

type Listener = (message: string) => void;

/**
 * One subscriber connection per store, shared by every follower and abort handler of this instance.
 * A subscribed connection cannot run other commands, hence the duplicate; per-channel listener counts
 * make the first listener SUBSCRIBE and the last one UNSUBSCRIBE.
 */
export class RedisChannelHub {
  private subscriber: Redis | null = null;
  private readonly channels = new Map<string, { listeners: Set<Listener>; ready: Promise<unknown> }>();

  constructor(private readonly redis: Redis) {}

  /** Resolves once the subscription is live, so a message published after it cannot be missed. */
  async listen(channel: string, listener: Listener): Promise<() => void> {
    const sub = this.connection();
    let entry = this.channels.get(channel);
    if (!entry) {
      const created = { listeners: new Set<Listener>(), ready: sub.subscribe(channel) as Promise<unknown> };
      // A failed SUBSCRIBE must not stay cached, or every later listener of the channel would fail too.
      created.ready.catch(() => {
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
      this.channels.set(channel, created);
      entry = created;
    }
    // Counted before awaiting, so a concurrent last-listener-leaves cannot unsubscribe under us.
    entry.listeners.add(listener);
    const current = entry;
    try {
      await entry.ready;
    } catch (error) {
      current.listeners.delete(listener);
      throw error;
    }
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.channels.get(channel) !== current) return;
      this.channels.delete(channel);
      // Commands on one connection run in order, so a later SUBSCRIBE to the same channel still wins.
      sub.unsubscribe(channel).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    // Queue the SUBSCRIBEs sent while it connects (or reconnects), even if the main client fails fast.
    const sub = this.redis.duplicate({ enableOfflineQueue: true });
    sub.on('message', (channel: string, message: string) => {
      const entry = this.channels.get(channel);
      if (entry) for (const listener of entry.listeners) listener(message);
    });
    // Errors surface as a reconnect; without a listener ioredis would log them as unhandled.
    sub.on('error', () => {});
    this.subscriber = sub;
    return sub;
  }
}
