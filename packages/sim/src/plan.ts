import { imageEcho } from './images';
import type { SimDefaults, SimImage, SimScript, SimScriptError, SimToolCall } from './types';

/** What a protocol adapter extracted from a request, in provider-neutral terms. */
export interface PromptView {
  model: string;
  lastUserText: string;
  /** Total characters of prompt text (system included), the base of the deterministic input count. */
  promptChars: number;
  /** The conversation as received, under the provider's own key (messages / system / contents). */
  received: Record<string, unknown>;
  params: Record<string, unknown>;
  auth: string | undefined;
  headers: Record<string, string>;
  /** Images in the request's messages, in the provider-neutral shape. */
  images: SimImage[];
}

export interface PlannedToolCall extends SimToolCall {
  id: string;
}

/** A fully decided reply: what to send, in which pieces, how fast, and how it should fail. */
export interface Plan {
  model: string;
  chunks: string[];
  text: string;
  toolCalls: PlannedToolCall[];
  usage: { input: number; output: number };
  firstTokenDelayMs: number;
  intervalMs: number;
  cutAfter?: number;
  errorAfter?: number;
  error?: SimScriptError;
  hang: boolean;
}

/** Splits by words keeping the whitespace, so the chunks concatenate back to the exact reply. */
function splitReply(reply: string, chunkSize: number | undefined): string[] {
  if (reply === '') return [];
  if (chunkSize !== undefined && chunkSize > 0) {
    const out: string[] = [];
    for (let i = 0; i < reply.length; i += chunkSize) out.push(reply.slice(i, i + chunkSize));
    return out;
  }
  return reply.match(/^\s*\S+\s*|\S+\s*/g) ?? [reply];
}

function generatedTokens(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `tok${i + 1} `);
}

function replyText(script: SimScript, view: PromptView): string | undefined {
  if (script.echo) {
    const { model, received, params, auth, headers } = view;
    return JSON.stringify({ model, ...received, params, auth, headers });
  }
  return script.reply;
}

export function defaultReply(model: string): string {
  return `Hello from the simulated ${model}. This is a deterministic reply.`;
}

/** The default reply, then one line per image the request carried. */
function withImageEcho(reply: string, images: readonly SimImage[]): string {
  return images.length > 0 ? `${reply}\n${imageEcho(images)}` : reply;
}

export function buildPlan(script: SimScript | undefined, defaults: SimDefaults, view: PromptView): Plan {
  const s: SimScript = { ...defaults, ...(script ?? {}) };
  const explicit = replyText(s, view);
  const chunks =
    explicit !== undefined
      ? splitReply(explicit, s.chunkSize)
      : s.tokens !== undefined
        ? generatedTokens(Math.max(0, Math.floor(s.tokens)))
        : splitReply(withImageEcho(defaultReply(view.model), view.images), s.chunkSize);
  const toolCalls = (s.toolCalls ?? []).map((call, i) => ({ ...call, id: `call_sim_${i + 1}` }));
  const outputCount =
    toolCalls.length > 0 ? Math.ceil(JSON.stringify(s.toolCalls).length / 4) : chunks.length;
  return {
    model: view.model,
    chunks: toolCalls.length > 0 ? [] : chunks,
    text: toolCalls.length > 0 ? '' : chunks.join(''),
    toolCalls,
    usage: {
      input: s.usage?.input ?? Math.ceil(view.promptChars / 4),
      output: s.usage?.output ?? outputCount,
    },
    firstTokenDelayMs: Math.max(0, s.firstTokenDelayMs ?? 0),
    intervalMs: s.rate !== undefined && s.rate > 0 ? 1000 / s.rate : 0,
    cutAfter: s.cutAfter,
    errorAfter: s.errorAfter,
    error: s.error,
    hang: s.hang === true,
  };
}
