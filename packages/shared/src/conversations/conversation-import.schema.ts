import { z } from 'zod';

/** The largest export file `POST /api/convos/import` takes (docs/reference/import.md (Limits)). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * Where an import is: waiting for a runner, being read, done, or refused (then nothing of it was kept).
 * LibreChat's job statuses (docs/reference/import.md (Progress)).
 */
export const IMPORT_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import job as `GET /api/convos/import/jobs/:jobId` shows it to its owner. */
export const importJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Bytes of the file read so far, and its size: progress is `bytesRead / totalBytes`. */
  bytesRead: z.number().int(),
  totalBytes: z.number().int(),
  /** Conversations written so far (all of them once `completed`; none are kept once `failed`). */
  conversations: z.number().int(),
  /** Why it failed, in words a user can act on; present only when `failed`. */
  error: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The 202 answer of `POST /api/convos/import`: the job to poll. */
export const importStartedSchema = z.object({
  message: z.string(),
  jobId: z.string(),
  status: z.enum(IMPORT_STATUSES),
});
export type ImportStarted = z.infer<typeof importStartedSchema>;

/** Whether a job will change no more (stop polling). */
export const isImportSettled = (status: ImportStatus): boolean =>
  status === 'completed' || status === 'failed';
