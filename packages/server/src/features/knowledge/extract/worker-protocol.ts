import type { ExtractedDocument, ExtractErrorCode } from './extracted-document';

/** What the main thread asks a worker: one file, its bytes transferred (not copied) to the worker. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  type: string;
  filename: string;
  maxTextChars: number;
}

/** What a worker answers: the document, or why there is none. */
export type WorkerReply =
  | { id: number; document: ExtractedDocument }
  | { id: number; error: { code: ExtractErrorCode; message: string } };
