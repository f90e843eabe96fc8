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
  /** The call's arguments, as the model would send them. */
  input?: Record<string, unknown>;
  /** Older spelling of `input`, still read so existing scripts keep working. */
  arguments?: Record<string, unknown>;
}

/**
 * One model call in a tool run. Step `i` answers the request that already carries `i` rounds of tool results
 * after the last user message. A step is a script of its own: it takes only the pace (`rate`, `firstTokenDelayMs`,
 * `chunkSize`) from the script around it, and its `toolCalls` go out in parallel after its text, if it has any.
 */
export type SimStep = Omit<SimScript, 'steps'>;

/** A tool result as the sim read it from a request, in the order the request gave it. */
export interface SimToolResult {
  /** The call id the result answers ('' when the wire carries none). */
  id: string;
  /** The tool's name ('' when neither the result nor its call names it). */
  name: string;
  /** The result exactly as the wire carried it (a string for OpenAI and usually Anthropic, an object for Gemini). */
  output: unknown;
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
  /** Shorthand for `steps: [{ toolCalls }]`: call these, then answer the follow-up with this script's reply. */
  toolCalls?: SimToolCall[];
  /** A scripted tool run, one entry per model call; past the last step the script's own reply ends the run. */
  steps?: SimStep[];
  echo?: boolean;
  /** Reply with the tool results the request carried, as JSON (`SimToolResult[]`), so tests see what came back. */
  echoToolResults?: boolean;
  usage?: { input?: number; output?: number };
  /**
   * A script of its own for requests to these models, in place of this one (a run that calls two models, as an agent
   * model then the chat model, scripts each).
   */
  byModel?: Record<string, SimScript>;
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
