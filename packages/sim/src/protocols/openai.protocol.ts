import { randomUUID } from 'node:crypto';
import type { Plan } from '../plan';
import { openaiImages } from '../images';
import { toolHistory } from '../tool-history';
import { openaiTools } from '../tool-wire';
import { argumentPieces, bearer, contentText, omit, sse } from '../protocol';
import type { Protocol, SimRequest, StreamEncoder, WireErrorKind } from '../protocol';

type Flavor = 'openai' | 'azure';

/** OpenAI's `{error:{message,type,param,code}}`; Azure differs only in how it names a content-filter refusal. */
function errorObject(flavor: Flavor, kind: WireErrorKind, message: string) {
  switch (kind) {
    case 'bad_request':
      return { message, type: 'invalid_request_error', param: null, code: null };
    case 'invalid_key':
      return { message, type: 'invalid_api_key', param: null, code: 'invalid_api_key' };
    case 'quota':
      return { message, type: 'insufficient_quota', param: null, code: 'insufficient_quota' };
    case 'rate_limit':
      return { message, type: 'rate_limit_exceeded', param: null, code: 'rate_limit_exceeded' };
    case 'server':
      return { message, type: 'server_error', param: null, code: 'server_error' };
    case 'not_found':
      return { message, type: 'invalid_request_error', param: null, code: 'model_not_found' };
    case 'context_length':
      return { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' };
    case 'moderation':
      return flavor === 'azure'
        ? { message, type: null, param: 'prompt', code: 'content_filter', status: 400 }
        : { message, type: 'invalid_request_error', param: null, code: 'content_policy_violation' };
  }
}

type Message = { content?: unknown };

function messagesOf(req: SimRequest): Message[] {
  return Array.isArray(req.body['messages']) ? (req.body['messages'] as Message[]) : [];
}

function finishReason(plan: Plan): string {
  return plan.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function usageOf(plan: Plan) {
  const { input, output } = plan.usage;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}

function encoder(plan: Plan, req: SimRequest): StreamEncoder {
  const base = { id: `chatcmpl-sim-${randomUUID()}`, object: 'chat.completion.chunk', created: now() };
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse({ ...base, model: plan.model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const options = req.body['stream_options'] as { include_usage?: unknown } | undefined;
  return {
    // A reply that is only tool calls opens with null content, as OpenAI's does.
    start: () =>
      chunk({
        role: 'assistant',
        content: plan.chunks.length > 0 || plan.toolCalls.length === 0 ? '' : null,
      }),
    text: (content) => chunk({ content }),
    // The first frame names the call; later frames, keyed by index only, carry the arguments piece by piece.
    toolCall: (call, index) =>
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }) +
      argumentPieces(call.input)
        .map((piece) => chunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
        .join(''),
    finish: () =>
      chunk({}, finishReason(plan)) +
      (options?.include_usage === true
        ? sse({ ...base, model: plan.model, choices: [], usage: usageOf(plan) })
        : '') +
      sse('[DONE]'),
    error: (kind, message) =>
      sse({ error: errorObject(req.provider === 'azure' ? 'azure' : 'openai', kind, message) }),
  };
}

function complete(plan: Plan) {
  const toolCalls = plan.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.input) },
  }));
  const message = {
    role: 'assistant',
    content: toolCalls.length > 0 && plan.text === '' ? null : plan.text,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    refusal: null,
  };
  return {
    id: `chatcmpl-sim-${randomUUID()}`,
    object: 'chat.completion',
    created: now(),
    model: plan.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(plan) }],
    usage: usageOf(plan),
  };
}

const now = () => Math.floor(Date.now() / 1000);

export function openaiProtocol(flavor: Flavor): Protocol {
  return {
    view(req) {
      const messages = messagesOf(req);
      const { turns, offeredTools } = openaiTools(req.body);
      const model =
        typeof req.body['model'] === 'string' ? req.body['model'] : (req.params['deployment'] ?? '');
      return {
        model: req.params['deployment'] ?? model,
        promptChars: messages.reduce((n, m) => n + contentText(m.content).length, 0),
        received: { messages },
        params: omit(req.body, ['model', 'messages', 'stream', 'stream_options']),
        auth: flavor === 'azure' ? (req.headers['api-key'] ?? bearer(req.headers)) : bearer(req.headers),
        headers: req.headers,
        images: openaiImages(messages),
        // lastUserText, toolRounds, toolResults
        ...toolHistory(turns),
        offeredTools,
      };
    },
    isStream: (req) => req.body['stream'] === true,
    errorBody: (kind, _status, message) => ({ error: errorObject(flavor, kind, message) }),
    encoder,
    complete,
  };
}
