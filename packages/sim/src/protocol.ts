import type { PlannedToolCall, Plan, PromptView } from './plan';
import type { SimErrorKind, SimProvider } from './types';

/** The parts of an HTTP request an adapter needs, already parsed. */
export interface SimRequest {
  provider: SimProvider;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Path parameters: the Gemini model, the Azure deployment, the Gemini action. */
  params: Record<string, string>;
}

/**
 * Turns plan steps into wire frames. Each method returns ready-to-write SSE text, so the driver owns
 * timing and faults while adapters own only the format. Adapters may keep state (open content blocks).
 */
export interface StreamEncoder {
  start(): string;
  text(chunk: string): string;
  toolCall(call: PlannedToolCall, index: number): string;
  finish(): string;
  error(kind: SimErrorKind, message: string): string;
}

/** The scriptable faults plus the sim's own refusal of a malformed request. */
export type WireErrorKind = SimErrorKind | 'bad_request';

/** One provider's wire protocol for a generation request. */
export interface Protocol {
  view(req: SimRequest): PromptView;
  isStream(req: SimRequest): boolean;
  /** The provider's own error body for an HTTP error answer. */
  errorBody(kind: WireErrorKind, status: number, message: string): unknown;
  encoder(plan: Plan, req: SimRequest): StreamEncoder;
  complete(plan: Plan, req: SimRequest): unknown;
}

export const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

export const DEFAULT_ERROR_MESSAGES: Record<SimErrorKind, string> = {
  invalid_key: 'Incorrect API key provided (simulated).',
  quota: 'You exceeded your current quota (simulated).',
  rate_limit: 'Rate limit reached (simulated).',
  server: 'The server had an error while processing your request (simulated).',
  moderation: 'The request was rejected by the content policy (simulated).',
  not_found: 'The model `sim-missing` does not exist or you do not have access to it (simulated).',
  context_length:
    "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens (simulated).",
};

/** Text of a message's content whether it is a plain string or a list of typed parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      const p = part as { text?: unknown };
      return typeof p?.text === 'string' ? p.text : '';
    })
    .join('');
}

/**
 * A call's arguments as JSON in the small pieces real streams send them in, so clients must join partial JSON.
 * The size is fixed, not paced: a call is one piece of the answer however many frames carry it.
 */
export function argumentPieces(input: Record<string, unknown>, size = 8): string[] {
  const json = JSON.stringify(input);
  const pieces: string[] = [];
  for (let i = 0; i < json.length; i += size) pieces.push(json.slice(i, i + size));
  return pieces;
}

export function omit(body: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
}

export function bearer(headers: Record<string, string>): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers['authorization'] ?? '');
  return match?.[1];
}
