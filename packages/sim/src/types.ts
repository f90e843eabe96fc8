export type SimProvider = 'openai' | 'openai-compatible' | 'azure' | 'anthropic' | 'gemini' | 'unknown';

export type SimErrorKind =
  'invalid_key' | 'quota' | 'rate_limit' | 'server' | 'moderation' | 'not_found' | 'context_length';

export interface SimScriptError {
  status: number;
  kind: SimErrorKind;
  message?: string;
}

export interface SimToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What one request should get back; every field is optional. */
export interface SimScript {
  reply?: string;
  tokens?: number;
  chunkSize?: number;
  rate?: number;
  firstTokenDelayMs?: number;
  cutAfter?: number;
  error?: SimScriptError;
  errorAfter?: number;
  hang?: boolean;
  toolCalls?: SimToolCall[];
  echo?: boolean;
  usage?: { input?: number; output?: number };
}

/** Server-wide knobs applied under every request's own script (the script wins field by field). */
export type SimDefaults = Pick<SimScript, 'rate' | 'firstTokenDelayMs' | 'tokens' | 'chunkSize'>;

/** A canned script for every request whose last user message contains `contains` (first match wins). */
export interface SimRule {
  contains: string;
  script: SimScript;
}

export interface SimOptions {
  port?: number;
  host?: string;
  defaults?: SimDefaults;
  /** Canned replies by prompt text, under each request's own script (demos and screenshots). */
  rules?: SimRule[];
  /** Model lists answered by the list endpoints, per wire family. */
  models?: { openai?: string[]; anthropic?: string[]; gemini?: string[] };
  /** How many requests the log keeps (oldest dropped first); 10,000 by default. */
  maxRecorded?: number;
}

/** An image a generation request carried, as the sim read it from the provider's wire format. */
export interface SimImage {
  /** The MIME type given with the image ('' when an image URL gives none). */
  mediaType: string;
  /** Decoded size of inline (base64) data; 0 for an image given by URL. */
  bytes: number;
  /** OpenAI-style `image_url.detail`, when sent. */
  detail?: string;
  /** The image's URL when it was not sent inline. */
  url?: string;
}

export interface RecordedRequest {
  provider: SimProvider;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  at: number;
  model?: string;
  deployment?: string;
  /** Images in the request's messages, oldest message first; absent when there are none. */
  images?: SimImage[];
}

export interface Sim {
  url: string;
  port: number;
  close(): Promise<void>;
  requests(): RecordedRequest[];
  clearRequests(): void;
}
