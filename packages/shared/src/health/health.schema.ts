import { z } from 'zod';

/** `GET /health`: 200 while the database answers, 503 (with `Retry-After`) while it does not. */
export const healthSchema = z.object({
  /** ok: all up; degraded: Redis down (reads and running replies go on, sends wait); unavailable: database down. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** The engine in use while it answers, `down` when it does not. */
  database: z.enum(['sqlite', 'postgres', 'down']),
  /** `none` when the app runs without Redis. */
  redis: z.enum(['up', 'down', 'none']),
});
export type Health = z.infer<typeof healthSchema>;
