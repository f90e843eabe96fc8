import { MESSAGE_ERRORS } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { loadAi } from '../../providers/sdk-stream';
import * as conversations from '../conversations/conversations.repository';
import type { ChatContext } from './chat-context';
import type { Turn } from './chat-turn';

export const DEFAULT_TITLE = 'New Chat';
export const TITLE_MAX_CHARS = 60;
const TITLE_TIMEOUT_MS = 20_000;
/** gen_title waits this long for a title still being written (the web asks ~2.5 s after the first reply). */
export const TITLE_WAIT_MS = 3_000;
const TITLE_POLL_MS = 150;

const TITLE_INSTRUCTIONS =
  'Write a concise title of at most 5 words for the conversation below. Answer with the title only, ' +
  'in the language of the conversation, without quotes or punctuation at the end.';

/** The model's answer as a title: one line, no quotes or "Title:", at most 60 characters; null when empty. */
export function cleanTitle(raw: string): string | null {
  const line = raw.split('\n').find((l) => l.trim() !== '') ?? '';
  const title = line
    .replace(/^\s*title\s*:\s*/i, '')
    .replace(/^["'“”‘’«»`*\s]+|["'“”‘’«»`*\s.]+$/g, '')
    .trim();
  if (!title) return null;
  return title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…` : title;
}

/**
 * After the first reply of a new conversation: asks the endpoint's title model (not streamed) and saves the
 * title. Any failure keeps 'New Chat' (logged); it never touches the reply.
 */
export async function generateTitleInBackground(
  ctx: ChatContext,
  turn: Turn,
  replyText: string,
): Promise<void> {
  const choice = ctx.registry.titleModel(turn.endpoint);
  if (!choice.enabled) return;
  try {
    const model = await ctx.registry.languageModel(
      turn.endpoint,
      choice.model ?? turn.model,
      turn.credentials,
    );
    // Loaded on first use, like the provider SDKs: an idle server needs neither.
    const { generateText } = await loadAi();
    const { text } = await generateText({
      model,
      instructions: TITLE_INSTRUCTIONS,
      prompt: `User: ${turn.requestMessage.text.slice(0, 2000)}\n\nAssistant: ${replyText.slice(0, 2000)}`,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    });
    const title = cleanTitle(text);
    if (!title) return;
    await conversations.renameConversation(
      ctx.deps.database.db,
      turn.userId,
      turn.conversationId,
      title,
      nowIso(),
    );
  } catch (error) {
    ctx.logError(error, 'conversation title');
  }
}

/**
 * `POST /api/convos/gen_title`: the conversation's title, waiting up to ~3 s while it is still 'New Chat' (the
 * title is written in the background after the first reply). 404 when it is not the user's.
 */
export async function waitForTitle(
  ctx: ChatContext,
  userId: string,
  conversationId: string,
): Promise<{ title: string }> {
  const db = ctx.deps.database.db;
  const deadline = Date.now() + TITLE_WAIT_MS;
  for (;;) {
    const row = await conversations.getConversation(db, userId, conversationId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
    if (row.title !== DEFAULT_TITLE || Date.now() >= deadline) return { title: row.title };
    await new Promise((resolve) => setTimeout(resolve, TITLE_POLL_MS));
  }
}
