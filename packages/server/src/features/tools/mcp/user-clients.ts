import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isRemoteServer, type McpServerConfig } from '../../../config/mcp-servers.schema';
import { ToolError } from '../tool';
import { failureReason } from './failure-reason';
import { McpConnectionError } from './mcp-call';
import { openClient } from './mcp-client';
import type { Timers } from './timers';
import { headersForUser } from './user-placeholders';

/** A user's connection closes after this long without a call. */
export const USER_CLIENT_IDLE_MS = 5 * 60_000;
/** At most this many users' connections stay open per server; the least recently used one closes first. */
export const MAX_USER_CLIENTS = 100;

interface Entry {
  client: Promise<Client>;
  /** The client once open, to match a lost connection with its entry. */
  opened?: Client;
  active: number;
  idleTimer?: unknown;
}

/**
 * The connections of a server whose headers carry a per-user placeholder: one per user, opened on the user's first
 * call (docs/decisions.md (MCP servers)). A session belongs to whoever it was opened for, so calls of two users
 * never share one.
 */
export class UserClients {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly name: string,
    private readonly config: McpServerConfig,
    private readonly secrets: readonly string[],
    private readonly timers: Timers,
  ) {}

  /** Runs `use` with the user's client; a connection found broken is dropped, so the next call opens a new one. */
  async with<T>(userId: string, use: (client: Client) => Promise<T>): Promise<T> {
    const entry = this.entry(userId);
    entry.active += 1;
    this.timers.clearTimeout(entry.idleTimer);
    try {
      const client = await entry.client;
      entry.opened = client;
      return await use(client);
    } catch (error) {
      // A tool's own failure or a stopped reply leaves the connection as it is; a broken one (or one that never
      // opened) goes.
      if (error instanceof McpConnectionError || !entry.opened) this.drop(userId, entry);
      throw error;
    } finally {
      entry.active -= 1;
      if (entry.active === 0 && this.entries.get(userId) === entry) {
        entry.idleTimer = this.timers.setTimeout(() => this.drop(userId, entry), USER_CLIENT_IDLE_MS);
      }
    }
  }

  async close(): Promise<void> {
    const entries = [...this.entries];
    this.entries.clear();
    await Promise.allSettled(entries.map(([, entry]) => this.closeEntry(entry)));
  }

  private entry(userId: string): Entry {
    const existing = this.entries.get(userId);
    if (existing) {
      // Re-inserted: the map's order is the order of last use.
      this.entries.delete(userId);
      this.entries.set(userId, existing);
      return existing;
    }
    const entry: Entry = { active: 0, client: this.open(userId) };
    // Settled for the rejection's sake; callers see it through `with`.
    entry.client.catch(() => {});
    this.entries.set(userId, entry);
    this.evictOldest();
    return entry;
  }

  private async open(userId: string): Promise<Client> {
    try {
      const { client } = await openClient(this.config, {
        headers: headersForUser(isRemoteServer(this.config) ? this.config.headers : undefined, userId),
        timers: this.timers,
        onClose: (client) => {
          const entry = this.entries.get(userId);
          if (entry?.opened === client) this.drop(userId, entry);
        },
        // Tools are listed by the shared connection; a user's connection only calls them.
        onToolsChanged: () => {},
      });
      return client;
    } catch (error) {
      throw new ToolError(
        `MCP server ${this.name} could not be reached for this user: ${failureReason(error, this.secrets)}`,
      );
    }
  }

  private evictOldest(): void {
    for (const [userId, entry] of this.entries) {
      if (this.entries.size <= MAX_USER_CLIENTS) return;
      if (entry.active === 0) this.drop(userId, entry);
    }
  }

  private drop(userId: string, entry: Entry): void {
    if (this.entries.get(userId) === entry) this.entries.delete(userId);
    void this.closeEntry(entry);
  }

  private async closeEntry(entry: Entry): Promise<void> {
    this.timers.clearTimeout(entry.idleTimer);
    const client = await entry.client.catch(() => undefined);
    await client?.close().catch(() => {});
  }
}
