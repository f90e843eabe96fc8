import { randomUUID } from 'node:crypto';
import type { Plan, PlannedToolCall } from '../plan';
import { geminiImages } from '../images';
import { toolHistory } from '../tool-history';
import { geminiTools } from '../tool-wire';
import { contentText, omit, sse } from '../protocol';
import type { Protocol, SimRequest, StreamEncoder, WireErrorKind } from '../protocol';
import type { SimErrorKind } from '../types';

const STATUSES: Record<WireErrorKind, string> = {
  bad_request: 'INVALID_ARGUMENT',
  invalid_key: 'UNAUTHENTICATED',
  quota: 'RESOURCE_EXHAUSTED',
  rate_limit: 'RESOURCE_EXHAUSTED',
  server: 'INTERNAL',
  moderation: 'INVALID_ARGUMENT',
  not_found: 'NOT_FOUND',
  context_length: 'INVALID_ARGUMENT',
};

/** In-stream errors carry no HTTP status, so they get the status Google would have answered with. */
const STREAM_CODES: Record<SimErrorKind, number> = {
  invalid_key: 401,
  quota: 429,
  rate_limit: 429,
  server: 500,
  moderation: 400,
  not_found: 404,
  context_length: 400,
};

const errorBody = (kind: WireErrorKind, code: number, message: string) => ({
  error: { code, message, status: STATUSES[kind] },
});

type Content = { role?: unknown; parts?: unknown };

const usageOf = (plan: Plan) => ({
  promptTokenCount: plan.usage.input,
  candidatesTokenCount: plan.usage.output,
  totalTokenCount: plan.usage.input + plan.usage.output,
});

// Gemini sends each call whole, with no id of its own: clients make one up.
const functionPart = (call: PlannedToolCall) => ({ functionCall: { name: call.name, args: call.input } });

function encoder(plan: Plan): StreamEncoder {
  const meta = { modelVersion: plan.model, responseId: `sim-${randomUUID()}` };
  const candidate = (parts: unknown[]) =>
    sse({ candidates: [{ content: { parts, role: 'model' }, index: 0 }], ...meta });
  return {
    // Gemini has no preamble: the first frame already carries text.
    start: () => '',
    text: (text) => candidate([{ text }]),
    toolCall: (call) => candidate([functionPart(call)]),
    // Gemini ends a turn of function calls with STOP too; clients tell the two apart by the parts.
    finish: () =>
      sse({ candidates: [{ finishReason: 'STOP', index: 0 }], usageMetadata: usageOf(plan), ...meta }),
    error: (kind, message) => sse(errorBody(kind, STREAM_CODES[kind], message)),
  };
}

function complete(plan: Plan) {
  const text = plan.chunks.length > 0 || plan.toolCalls.length === 0 ? [{ text: plan.text }] : [];
  const parts = [...text, ...plan.toolCalls.map(functionPart)];
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: usageOf(plan),
    modelVersion: plan.model,
    responseId: `sim-${randomUUID()}`,
  };
}

export const geminiProtocol: Protocol = {
  view(req: SimRequest) {
    const contents = Array.isArray(req.body['contents']) ? (req.body['contents'] as Content[]) : [];
    const system = req.body['systemInstruction'] as Content | undefined;
    const { turns, offeredTools } = geminiTools(req.body);
    const config = (req.body['generationConfig'] ?? {}) as Record<string, unknown>;
    return {
      model: req.params['model'] ?? '',
      promptChars: contents.reduce(
        (n, c) => n + contentText(c.parts).length,
        contentText(system?.parts).length,
      ),
      received: system === undefined ? { contents } : { systemInstruction: system, contents },
      params: { ...config, ...omit(req.body, ['contents', 'systemInstruction', 'generationConfig']) },
      auth: req.headers['x-goog-api-key'] ?? req.query['key'],
      headers: req.headers,
      images: geminiImages(contents),
      // lastUserText, toolRounds, toolResults
      ...toolHistory(turns),
      offeredTools,
    };
  },
  isStream: (req) => req.params['action'] === 'streamGenerateContent',
  errorBody: (kind, status, message) => errorBody(kind, status, message),
  encoder,
  complete,
};
