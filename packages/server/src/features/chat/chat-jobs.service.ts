import type { ChatFinalEvent } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { getUserConversation } from '../conversations/conversations.service';
import type { ChatContext } from './chat-context';

/** How long an abort waits for the job to save its partial reply and end. */
export const ABORT_WAIT_MS = 10_000;

const noActiveJob = () => new AppError('NOT_FOUND', 'No active generation for this conversation');

/** The abortKey is the conversation id, or `conversationId:messageId` (assistants): the part before ':'. */
export const conversationOfAbortKey = (abortKey: string): string => abortKey.split(':')[0] ?? abortKey;

/**
 * `POST /api/ask/{endpoint}/abort`: stops the user's active job on that conversation, wherever it runs, waits
 * for it to save the partial reply, and answers its final event (the reply marked unfinished). 404 when the user
 * has no active job there; null when the job ended without a final event (it failed meanwhile).
 */
export async function abortConversationJob(
  ctx: ChatContext,
  userId: string,
  abortKey: string,
): Promise<ChatFinalEvent | null> {
  const conversationId = conversationOfAbortKey(abortKey);
  const jobId = await ctx.jobs.findActiveByConversation(userId, conversationId);
  if (!jobId || !(await ctx.jobs.requestAbort(jobId))) throw noActiveJob();
  return finalEventOf(ctx, jobId, ABORT_WAIT_MS);
}

/** Follows a job to its end (or the timeout) and answers its final event, if it sent one. */
async function finalEventOf(
  ctx: ChatContext,
  jobId: string,
  timeoutMs: number,
): Promise<ChatFinalEvent | null> {
  let final: string | null = null;
  try {
    for await (const event of ctx.jobs.follow(jobId, { signal: AbortSignal.timeout(timeoutMs) })) {
      if (event.kind === 'final') final = event.data;
    }
  } catch {
    // A lost job or the timeout: answer what was seen.
  }
  return final === null ? null : (JSON.parse(final) as ChatFinalEvent);
}

/**
 * `GET /api/ask/stream/{conversationId}`: the user's active job on their conversation, to replay and follow.
 * 404 when the conversation is not theirs or nothing is generating there.
 */
export async function activeJobOf(ctx: ChatContext, userId: string, conversationId: string): Promise<string> {
  await getUserConversation(ctx.deps.database.db, userId, conversationId);
  const jobId = await ctx.jobs.findActiveByConversation(userId, conversationId);
  if (!jobId) throw noActiveJob();
  return jobId;
}
