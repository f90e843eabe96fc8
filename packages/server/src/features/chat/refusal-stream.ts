import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ChatStreamError } from '@parley/shared';
import type { ErrorAnswer } from '../../lib/error-handler';
import { openSseStream } from '../../lib/sse';

/** The parts of a send's body a refusal needs; the body may be anything (it may be why the send was refused). */
function idsOf(body: unknown): { conversationId?: string; parentMessageId?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { conversationId, messageId, parentMessageId } = body as Record<string, unknown>;
  const parent = typeof messageId === 'string' ? messageId : parentMessageId;
  return {
    ...(typeof conversationId === 'string' && conversationId !== 'new' ? { conversationId } : {}),
    ...(typeof parent === 'string' ? { parentMessageId: parent } : {}),
  };
}

/** A refusal's text: its JSON when it is JSON with a `type` (`{"type":"no_user_key"}`), else its message. */
function textOf(answer: ErrorAnswer): string {
  const { message } = answer.body;
  return message.startsWith('{') ? message : message || `Error ${answer.status}`;
}

/**
 * The error reply of a send refused before its stream, for a client without delta frames: shaped as a message, as
 * such a client renders it (docs/reference/chat.md (Send errors)). Nothing is saved: the refusal wrote nothing.
 */
export function refusalEvent(answer: ErrorAnswer, body: unknown, sender: string): ChatStreamError {
  return {
    text: textOf(answer),
    sender,
    isCreatedByUser: false,
    error: true,
    messageId: randomUUID(),
    ...idsOf(body),
  };
}

/** Answers the refusal as a 200 stream holding one `event: error` (what such a client reads), then ends it. */
export function streamRefusal(reply: FastifyReply, event: ChatStreamError): void {
  const sse = openSseStream(reply);
  // One small frame, then the end: nothing to wait for before ending.
  void sse.send('0', 'error', JSON.stringify(event));
  sse.end();
}
