import { randomUUID } from 'node:crypto';
import type { Plan } from '../plan';
import { anthropicImages } from '../images';
import { argumentPieces, bearer, contentText, omit, sse } from '../protocol';
import { toolHistory } from '../tool-history';
import { anthropicTools } from '../tool-wire';
import type { Protocol, SimRequest, StreamEncoder, WireErrorKind } from '../protocol';

const ERROR_TYPES: Record<WireErrorKind, string> = {
  bad_request: 'invalid_request_error',
  invalid_key: 'authentication_error',
  // Anthropic has no separate quota type: an exhausted balance is answered as a rate limit.
  quota: 'rate_limit_error',
  rate_limit: 'rate_limit_error',
  server: 'api_error',
  moderation: 'invalid_request_error',
  not_found: 'not_found_error',
  context_length: 'invalid_request_error',
};

const errorBody = (kind: WireErrorKind, message: string) => ({
  type: 'error',
  error: { type: ERROR_TYPES[kind], message },
});

type Message = { role?: unknown; content?: unknown };

const stopReason = (plan: Plan) => (plan.toolCalls.length > 0 ? 'tool_use' : 'end_turn');

/** Every event carries its type twice (SSE event name and JSON `type`), as Anthropic does. */
const event = (type: string, data: Record<string, unknown>) => sse({ type, ...data }, type);

function encoder(plan: Plan): StreamEncoder {
  // A text block opens the answer unless it is only tool calls; it is closed before the first tool block.
  const hasText = plan.chunks.length > 0 || plan.toolCalls.length === 0;
  let textOpen = hasText;
  const closeText = () => {
    if (!textOpen) return '';
    textOpen = false;
    return event('content_block_stop', { index: 0 });
  };
  const message = {
    id: `msg_sim_${randomUUID()}`,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: plan.usage.input, output_tokens: 1 },
  };
  return {
    start: () =>
      event('message_start', { message }) +
      (hasText ? event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) : '') +
      event('ping', {}),
    text: (text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    toolCall: (call, i) => {
      const index = i + (hasText ? 1 : 0);
      return (
        closeText() +
        event('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
        }) +
        argumentPieces(call.input)
          .map((partial_json) =>
            event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }),
          )
          .join('') +
        event('content_block_stop', { index })
      );
    },
    finish: () =>
      closeText() +
      event('message_delta', {
        delta: { stop_reason: stopReason(plan), stop_sequence: null },
        usage: { output_tokens: plan.usage.output },
      }) +
      event('message_stop', {}),
    error: (kind, text) => sse(errorBody(kind, text), 'error'),
  };
}

function complete(plan: Plan) {
  const text =
    plan.chunks.length > 0 || plan.toolCalls.length === 0 ? [{ type: 'text', text: plan.text }] : [];
  const calls = plan.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input }));
  return {
    id: `msg_sim_${randomUUID()}`,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [...text, ...calls],
    stop_reason: stopReason(plan),
    stop_sequence: null,
    usage: { input_tokens: plan.usage.input, output_tokens: plan.usage.output },
  };
}

export const anthropicProtocol: Protocol = {
  view(req: SimRequest) {
    const messages = Array.isArray(req.body['messages']) ? (req.body['messages'] as Message[]) : [];
    const system = req.body['system'];
    const { turns, offeredTools } = anthropicTools(req.body);
    return {
      model: typeof req.body['model'] === 'string' ? req.body['model'] : '',
      promptChars: messages.reduce((n, m) => n + contentText(m.content).length, contentText(system).length),
      received: system === undefined ? { messages } : { system, messages },
      params: omit(req.body, ['model', 'messages', 'system', 'stream']),
      auth: req.headers['x-api-key'] ?? bearer(req.headers),
      headers: req.headers,
      images: anthropicImages(messages),
      // lastUserText, toolRounds, toolResults
      ...toolHistory(turns),
      offeredTools,
    };
  },
  isStream: (req) => req.body['stream'] === true,
  errorBody: (kind, _status, message) => errorBody(kind, message),
  encoder,
  complete,
};
