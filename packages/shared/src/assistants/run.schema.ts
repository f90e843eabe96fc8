import { z } from 'zod';

/** The statuses of an assistant run (docs/reference/assistants.md (Runs)). */
export const RUN_STATUSES = [
  'queued',
  'in_progress',
  'requires_action',
  'cancelling',
  'cancelled',
  'failed',
  'completed',
  'expired',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Statuses a run never leaves. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ['cancelled', 'failed', 'completed', 'expired'];

/** A run as the final event and the API show it. Times are seconds since the epoch, as OpenAI's runs have them. */
export const runSchema = z.object({
  id: z.string(),
  object: z.literal('thread.run'),
  assistant_id: z.string(),
  thread_id: z.string(),
  status: z.enum(RUN_STATUSES),
  model: z.string(),
  instructions: z.string().nullable(),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  completed_at: z.number().int().nullable(),
  cancelled_at: z.number().int().nullable(),
  failed_at: z.number().int().nullable(),
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Run = z.infer<typeof runSchema>;
