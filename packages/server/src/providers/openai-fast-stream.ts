import { APICallError, JSONParseError, type LanguageModelV4 } from '@ai-sdk/provider';
import {
  convertToLanguageModelPrompt,
  prepareLanguageModelCallOptions,
  standardizePrompt,
} from 'ai/internal';
import type {
  FetchFn,
  ModelRequest,
  ProviderFamily,
  ProviderModel,
  ReplyCall,
  ReplyPart,
  TokenUsage,
} from './provider.types';
import { readSseData } from './sse-data';
import { createToolCallReader, offeredTools } from './stream-tool-calls';
import { requestUpstream } from './upstream-http';

/** The upstream exchange the fast path reads itself (`body`: the request as sent, for an early error). */
interface Exchange {
  url: string;
  body: string;
  headers: Headers;
  chunks: AsyncIterable<Uint8Array | string>;
}

/**
 * The fast path for OpenAI-compatible streams (OpenAI, Azure, custom endpoints). The AI SDK adapter still
 * builds and sends the request (so the body, URL and headers are exactly the SDK's: messages with image
 * detail, sampling settings, addParams/dropParams, stream_options, Azure's api-version) and still turns an
 * HTTP error into its APICallError. But on a 2xx answer the SDK's fetch throws `TakenOver` (which the SDK passes
 * through untouched), so the SDK never builds its stream pipeline, and this module reads the upstream's
 * `data: {chat.completion.chunk}` lines itself: one JSON.parse per chunk, none of the SDK's per-chunk schema
 * validation and web-stream stages, which were most of the CPU a relayed token cost. A call that offers tools takes it
 * too: the tools go into the request as streamText puts them, and their calls are read with the SDK's own tracker and
 * parser (stream-tool-calls.ts); streamText's stages were most of what Parley added between two tool steps.
 * `makeModel` is the family's adapter; its fetch (the request's, e.g. the guarded one for user URLs) is kept.
 */
export async function* streamOpenAICompatible(
  makeModel: (request: ModelRequest) => ProviderModel,
  request: ModelRequest,
  { prompt, settings, signal, tools }: ReplyCall,
): AsyncGenerator<ReplyPart> {
  let exchange: Exchange | null = null;
  const capture: FetchFn = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    // A fetch the request names (the guarded one for user-given URLs, a test's) is used as it is; otherwise
    // node:http, without fetch's web streams (upstream-http.ts).
    if (request.fetch || (init?.body != null && typeof init.body !== 'string') || typeof input !== 'string') {
      const response = await (request.fetch ?? fetch)(input, init);
      if (!response.ok || !response.body) return response;
      exchange = { url, body, headers: response.headers, chunks: response.body };
      throw new TakenOver();
    }
    const answer = await requestUpstream(url, init);
    if (answer.status < 200 || answer.status > 299) {
      // The SDK reads an error answer into its APICallError, as it would from fetch.
      let text = '';
      for await (const chunk of answer.body) text += chunk;
      return new Response(text, { status: answer.status, headers: answer.headers });
    }
    exchange = { url, body, headers: answer.headers, chunks: answer.body };
    throw new TakenOver();
  };
  const model = makeModel({ ...request, fetch: capture }) as LanguageModelV4;
  const { headers, providerOptions, ...sampling } = settings;
  const offered = tools?.length ? await offeredTools(tools) : null;
  const standardized = await standardizePrompt({
    instructions: prompt.instructions,
    messages: prompt.messages,
  });
  const called = model.doStream({
    ...prepareLanguageModelCallOptions(sampling),
    prompt: await convertToLanguageModelPrompt({
      prompt: standardized,
      supportedUrls: await model.supportedUrls,
      download: undefined,
      abortSignal: signal,
      provider: model.provider.split('.')[0]!,
    }),
    ...offered?.callOptions,
    providerOptions,
    abortSignal: signal,
    headers,
    includeRawChunks: false,
  });
  try {
    const { stream } = await called;
    void stream.cancel().catch(() => {});
  } catch (error) {
    if (!(error instanceof TakenOver)) throw error;
  }
  if (!exchange) throw new Error('The provider answered without a stream');
  const toolCalls = offered ? createToolCallReader(offered, request.entry.family, signal) : null;
  yield* readChunks(exchange, request.entry.family, toolCalls);
}

/**
 * Thrown by the fast path's fetch once it has a 2xx answer: the AI SDK rethrows an error of its fetch as it is
 * (it wraps only aborts and network failures), so the call ends there and the answer is read here.
 */
class TakenOver extends Error {
  override readonly name = 'FastPathTakenOver';
}

interface ChunkChoice {
  finish_reason?: string | null;
  delta?: {
    content?: unknown;
    refusal?: string | null;
    reasoning_content?: unknown;
    tool_calls?: unknown[] | null;
  } | null;
}

/**
 * The chunks of a Chat Completions stream as text, tool calls (when tools were offered) and a finish reason, as the
 * SDK's adapters read them.
 */
async function* readChunks(
  exchange: Exchange,
  family: ProviderFamily,
  toolCalls: ReturnType<typeof createToolCallReader> | null,
): AsyncGenerator<ReplyPart> {
  let output = false;
  let refusal = false;
  let rawFinish: string | null = null;
  let usage: TokenUsage | undefined;
  for await (const data of readSseData(exchange.chunks)) {
    if (data === '[DONE]') continue;
    let value: { error?: unknown; choices?: ChunkChoice[]; usage?: ChunkUsage | null };
    try {
      value = JSON.parse(data) as typeof value;
    } catch (cause) {
      throw new JSONParseError({ text: data, cause });
    }
    if (value !== null && typeof value === 'object' && 'error' in value) {
      throw streamError(value.error, { ...exchange, family, output });
    }
    // The last chunk (asked for with stream_options.include_usage) holds the call's token counts.
    if (value?.usage) usage = usageOf(value.usage) ?? usage;
    const choice = value?.choices?.[0];
    if (choice?.finish_reason != null) rawFinish = choice.finish_reason;
    const delta = choice?.delta;
    if (!delta) continue;
    for (const text of contentTexts(delta.content)) {
      if (!output) exchange.body = ''; // only an error before any output reports the request (it may hold images)
      output = true;
      yield { type: 'text', text };
    }
    if (typeof delta.refusal === 'string' && delta.refusal !== '') {
      output = refusal = true;
      yield { type: 'text', text: delta.refusal };
    }
    if (delta.tool_calls?.length) {
      output = true;
      toolCalls?.add(delta.tool_calls);
    }
  }
  if (toolCalls) yield* toolCalls.finish();
  const finishReason = rawFinish === null ? 'other' : finishReasonOf(rawFinish, refusal);
  yield { type: 'finish', finishReason, ...(usage ? { usage } : {}) };
}

interface ChunkUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
}

/** A usage chunk's counts, when both are numbers. */
function usageOf(usage: ChunkUsage): TokenUsage | undefined {
  const { prompt_tokens: prompt, completion_tokens: completion } = usage;
  return typeof prompt === 'number' && typeof completion === 'number'
    ? { promptTokens: prompt, completionTokens: completion }
    : undefined;
}

/** `content` is a string, or (some compatible servers) an array of text parts; reasoning is not reply text. */
function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return content === '' ? [] : [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: { type?: unknown; text?: unknown }) =>
    part?.type === 'text' && typeof part.text === 'string' && part.text !== '' ? [part.text] : [],
  );
}

/** The AI SDK's unified finish reasons (its OpenAI and OpenAI-compatible adapters map them alike). */
function finishReasonOf(raw: string, refusal: boolean): string {
  switch (raw) {
    case 'stop':
      return refusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

interface ParsedStreamError {
  message: string;
  code?: string | number;
  type?: string;
  statusCode: number;
}

const asRecord = (value: unknown) =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;

/** The OpenAI adapter's reading of an error frame: a message, a code or type, and a status guessed from them. */
function parseStreamError(frame: unknown): ParsedStreamError | undefined {
  const value = asRecord(frame);
  if (!value) return undefined;
  const nested = asRecord(value['error']);
  const error = nested ?? value;
  const message = error['message'];
  const described =
    nested !== undefined || typeof error['type'] === 'string' || 'code' in error || 'param' in error;
  if (typeof message !== 'string' || !described) return undefined;
  const code =
    typeof error['code'] === 'string' || typeof error['code'] === 'number' ? error['code'] : undefined;
  const type = typeof error['type'] === 'string' ? error['type'] : undefined;
  return { message, code, type, statusCode: streamErrorStatus(code, type) };
}

/** A provider's error chunk during the stream, with the provider's message (as the AI SDK's streamText gives it). */
export class StreamProviderError extends Error {
  override readonly name = 'AI_StreamProviderError';
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/**
 * What an `{error}` chunk becomes, as the AI SDK makes it, so provider-errors.ts maps it as before: OpenAI and
 * Azure raise an APICallError (status from the error's code or type) when it comes before any output; later,
 * and for OpenAI-compatible endpoints always, it is a stream error carrying the provider's message.
 */
function streamError(
  frame: unknown,
  { url, body, headers, family, output }: Exchange & { family: ProviderFamily; output: boolean },
): unknown {
  const parsed = parseStreamError(frame);
  if (output || family === 'custom') {
    const outer = asRecord(frame);
    const details =
      outer && (asRecord(asRecord(outer['response'])?.['error']) ?? asRecord(outer['error']) ?? outer);
    const message = parsed?.message ?? details?.['message'];
    return typeof message === 'string' ? new StreamProviderError(message, frame) : frame;
  }
  const retryable = (status: number) =>
    parsed?.code !== 'insufficient_quota' &&
    parsed?.type !== 'insufficient_quota' &&
    (status === 408 || status === 409 || status === 429 || status >= 500);
  let requestBodyValues: unknown = body;
  try {
    requestBodyValues = JSON.parse(body);
  } catch {
    // Keep the raw text.
  }
  const statusCode = parsed?.statusCode ?? 500;
  return new APICallError({
    message: parsed?.message ?? 'OpenAI stream failed before any output was generated',
    url,
    requestBodyValues,
    statusCode,
    responseHeaders: Object.fromEntries(headers),
    responseBody: JSON.stringify(frame),
    data: frame,
    isRetryable: retryable(statusCode),
  });
}

function streamErrorStatus(code: string | number | undefined, type: string | undefined): number {
  const explicit = typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : code;
  if (typeof explicit === 'number' && Number.isInteger(explicit) && explicit >= 400 && explicit <= 599) {
    return explicit;
  }
  const words = [code, type]
    .filter((w) => w !== undefined)
    .join(' ')
    .toLowerCase();
  if (/insufficient_quota|rate_limit/.test(words)) return 429;
  if (words.includes('authentication')) return 401;
  if (words.includes('permission')) return 403;
  if (words.includes('not_found')) return 404;
  if (/invalid|bad_request|context_length/.test(words)) return 400;
  if (words.includes('overload')) return 503;
  if (words.includes('timeout')) return 504;
  return 500;
}
