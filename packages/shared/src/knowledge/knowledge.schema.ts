import { z } from 'zod';

/** A knowledge file's indexing state: its text is being extracted and indexed, searchable, or could not be indexed. */
export const KNOWLEDGE_STATUSES = ['indexing', 'ready', 'error'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/**
 * Why a knowledge file could not be indexed: the extractor's reasons (damaged, encrypted, unsupported type, no
 * text, too large, took too long), or `failed` when indexing kept failing for another reason.
 */
export const KNOWLEDGE_ERROR_CODES = [
  'damaged',
  'encrypted',
  'unsupported',
  'empty',
  'too_large',
  'timeout',
  'failed',
] as const;
export type KnowledgeErrorCode = (typeof KNOWLEDGE_ERROR_CODES)[number];

/** A knowledge file's state as the builder shows it beside the file. */
export const knowledgeFileStateSchema = z.object({
  file_id: z.string(),
  status: z.enum(KNOWLEDGE_STATUSES),
  /** With `error`: why, as a code the web translates, and in English words. */
  error_code: z.enum(KNOWLEDGE_ERROR_CODES).optional(),
  error: z.string().optional(),
  /** How many passages the file was cut into (0 until ready). */
  chunks: z.number().int().nonnegative(),
});
export type KnowledgeFileState = z.infer<typeof knowledgeFileStateSchema>;

/**
 * A passage a retrieval step found and gave the model, so the reply can show where an answer came from: the file, the
 * place in it (`page 3`, `Sheet1`) when the file has places, and the passage's text.
 */
export const citationSchema = z.object({
  fileId: z.string(),
  filename: z.string(),
  where: z.string().optional(),
  text: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;
