import { z } from 'zod';

/** One MCP server as `/health` details it: whether it is reachable, how many tools it lists, why it is down. */
export const mcpServerHealthSchema = z.object({
  state: z.enum(['connecting', 'connected', 'down']),
  tools: z.number().int().min(0),
  /** The last failure, secrets masked; present while down (and while reconnecting after one). */
  error: z.string().optional(),
});
export type McpServerHealth = z.infer<typeof mcpServerHealthSchema>;

/** `GET /health`: 200 while the database answers, 503 (with `Retry-After`) while it does not. */
export const healthSchema = z.object({
  /** ok: all up; degraded: Redis down (reads and running replies go on, sends wait); unavailable: database down. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** The engine in use while it answers, `down` when it does not. */
  database: z.enum(['sqlite', 'postgres', 'down']),
  /** `none` when the app runs without Redis. */
  redis: z.enum(['up', 'down', 'none']),
  /** The configured MCP servers by name; absent when none is. A down server does not change `status`. */
  mcp: z.record(z.string(), mcpServerHealthSchema).optional(),
});
export type Health = z.infer<typeof healthSchema>;
