import { randomBytes } from 'node:crypto';
import { imageEcho } from './images';
import type { SimDefaults, SimImage, SimScriptError, SimStep, SimToolCall, SimToolResult } from './types';

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
  /** Rounds of tool results since the last user message: which step of a scripted tool run this request is. */
  toolRounds: number;
  /** The tool results since the last user message, for `echoToolResults`. */
  toolResults: SimToolResult[];
  /** Names of the tools the request offers the model. */
  offeredTools: string[];
}

export interface PlannedToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A fully decided reply: what to send, in which pieces, how fast, and how it should fail. */
export interface Plan {
  model: string;
  /** The text, in the pieces it is streamed in; sent before any tool calls. */
  chunks: string[];
  text: string;
  /** Calls made in parallel after the text; each is one paced piece of the answer. */
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

function replyText(script: SimStep, view: PromptView): string | undefined {
  if (script.echo) {
    const { model, received, params, auth, headers } = view;
    return JSON.stringify({ model, ...received, params, auth, headers });
  }
  if (script.echoToolResults) return JSON.stringify(view.toolResults);
  return script.reply;
}

/** Ids are random, as real ones are, so calls stay distinct across the steps and turns of a conversation. */
const callId = () => `call_sim_${randomBytes(9).toString('hex')}`;

function plannedCalls(calls: readonly SimToolCall[] | undefined): PlannedToolCall[] {
  return (calls ?? []).map((c) => ({ id: callId(), name: c.name, input: c.input ?? c.arguments ?? {} }));
}

/**
 * The text before a step's tool calls comes only from the step itself: server defaults and the default reply
 * would otherwise put words in front of every call.
 */
function textBeforeCalls(step: SimStep, view: PromptView, chunkSize: number | undefined): string[] {
  const own = replyText(step, view);
  if (own !== undefined) return splitReply(own, chunkSize);
  return step.tokens !== undefined ? generatedTokens(Math.max(0, Math.floor(step.tokens))) : [];
}

export function defaultReply(model: string): string {
  return `Hello from the simulated ${model}. This is a deterministic reply.`;
}

/** The default reply, then one line per image the request carried. */
function withImageEcho(reply: string, images: readonly SimImage[]): string {
  return images.length > 0 ? `${reply}\n${imageEcho(images)}` : reply;
}

export function buildPlan(step: SimStep, defaults: SimDefaults, view: PromptView): Plan {
  const s: SimStep = { ...defaults, ...step };
  const toolCalls = plannedCalls(step.toolCalls);
  const explicit = replyText(s, view);
  const chunks =
    toolCalls.length > 0
      ? textBeforeCalls(step, view, s.chunkSize)
      : explicit !== undefined
        ? splitReply(explicit, s.chunkSize)
        : s.tokens !== undefined
          ? generatedTokens(Math.max(0, Math.floor(s.tokens)))
          : splitReply(withImageEcho(defaultReply(view.model), view.images), s.chunkSize);
  const callTokens =
    toolCalls.length > 0
      ? Math.ceil(JSON.stringify(toolCalls.map(({ name, input }) => ({ name, input }))).length / 4)
      : 0;
  return {
    model: view.model,
    chunks,
    text: chunks.join(''),
    toolCalls,
    usage: {
      input: s.usage?.input ?? Math.ceil(view.promptChars / 4),
      output: s.usage?.output ?? chunks.length + callTokens,
    },
    firstTokenDelayMs: Math.max(0, s.firstTokenDelayMs ?? 0),
    intervalMs: s.rate !== undefined && s.rate > 0 ? 1000 / s.rate : 0,
    cutAfter: s.cutAfter,
    errorAfter: s.errorAfter,
    error: s.error,
    hang: s.hang === true,
  };
}
