import { MESSAGE_ERRORS } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { loadAi } from '../../providers/sdk-stream';
import * as conversations from '../conversations/conversations.repository';
import type { ChatContext } from './chat-context';
import { servingEndpoint, type Turn } from './chat-turn';

export const DEFAULT_TITLE = 'New Chat';
export const TITLE_MAX_CHARS = 60;
const TITLE_TIMEOUT_MS = 20_000;
/** gen_title waits this long for a title still being written (the web asks ~2.5 s after the first reply). */
export const TITLE_WAIT_MS = 3_000;
const TITLE_POLL_MS = 150;

const TITLE_INSTRUCTIONS =
  'Write a concise title of at most 5 words for the conversation below. Answer with the title only, ' +
  'in the language of the conversation, without quotes or punctuation at the end.';

/**
 * The model's answer as a title: one line, no quotes, markdown heading marks or "Title:", at most 60 characters;
 * null when empty.
 */
export function cleanTitle(raw: string): string | null {
  const line = raw.split('\n').find((l) => l.trim() !== '') ?? '';
  const title = line
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/^\s*title\s*:\s*/i, '')
    .replace(/^["'“”‘’«»`*\s]+|["'“”‘’«»`*\s.]+$/g, '')
    .trim();
  if (!title) return null;
  return title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…` : title;
}

/** The fallback title's width: 40 columns, an East Asian wide character taking two (docs/reference/chat.md (Titles)). */
export const FALLBACK_TITLE_COLUMNS = 40;
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFF60\uFFE0-\uFFE6]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const SIM_MARKER = '[[sim';
const FALLBACK_SCAN_CHARS = 2000;

/**
 * The text without its `[[sim {json}]]` scripts (the demo's and the tests' simulator reads them; they are not the
 * user's words). A marker whose JSON never closes is left as it is.
 */
function withoutSimScripts(text: string): string {
  let rest = text;
  let out = '';
  for (;;) {
    const start = rest.indexOf(SIM_MARKER);
    if (start < 0) return out + rest;
    let end = rest.indexOf(']]', start);
    let close = -1;
    while (end >= 0 && close < 0) {
      try {
        JSON.parse(rest.slice(start + SIM_MARKER.length, end));
        close = end + 2;
      } catch {
        end = rest.indexOf(']]', end + 1);
      }
    }
    if (close < 0) return out + rest;
    out += `${rest.slice(0, start)} `;
    rest = rest.slice(close);
  }
}

/**
 * A title from the first question, for when the model gives none: the user's own words, trimmed, whitespace
 * collapsed, at most 40 columns (a Chinese, Japanese or Korean character takes two). A longer question is cut at
 * the last word boundary, or between characters when there is none near (CJK text), and ends with "…". Null
 * when nothing is left.
 */
export function fallbackTitle(question: string): string | null {
  // The start is plenty for 40 columns, and bounds the script search on a very long question.
  const text = withoutSimScripts(question.slice(0, FALLBACK_SCAN_CHARS)).replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const chars = Array.from(graphemes.segment(text), (s) => s.segment);
  const width = (c: string) => (WIDE.test(c) ? 2 : 1);
  if (chars.reduce((sum, c) => sum + width(c), 0) <= FALLBACK_TITLE_COLUMNS) return text;
  // Room for the ellipsis.
  let used = 0;
  let fit = 0;
  while (fit < chars.length && used + width(chars[fit]!) <= FALLBACK_TITLE_COLUMNS - 1) {
    used += width(chars[fit]!);
    fit += 1;
  }
  let cut = fit;
  // The next character is a space: the cut is already at a word's end. Otherwise go back to the last space,
  // unless that loses more than half the title (a long word, or CJK text without spaces).
  if (chars[fit] !== ' ') {
    const space = chars.lastIndexOf(' ', fit - 1);
    if (space > fit / 2) cut = space;
  }
  return `${chars.slice(0, cut).join('').trimEnd()}…`;
}

/** Saves the title unless the user renamed the conversation while it was being written. */
async function saveTitle(ctx: ChatContext, turn: Turn, title: string): Promise<void> {
  await conversations.titleUntitledConversation(
    ctx.deps.database.db,
    turn.userId,
    turn.conversationId,
    title,
    DEFAULT_TITLE,
    nowIso(),
  );
}

/**
 * After the first reply of a new conversation: asks the endpoint's title model (not streamed) and saves the
 * title. When titles are off for the endpoint, the call fails or the answer is empty, the title is the first
 * question (fallbackTitle); a failure is logged and never touches the reply.
 */
export async function generateTitleInBackground(
  ctx: ChatContext,
  turn: Turn,
  replyText: string,
): Promise<void> {
  const modelTitle = await titleFromModel(ctx, turn, replyText);
  const title = modelTitle ?? fallbackTitle(turn.requestMessage.text);
  if (!title) return;
  try {
    await saveTitle(ctx, turn, title);
  } catch (error) {
    ctx.logError(error, 'conversation title');
  }
}

/**
 * A stopped first reply's title: the question's (fallbackTitle), without asking the title model, whose call would
 * cost the user for a reply they stopped and would title the chat from a cut text. A failure is logged; the stop
 * still answers.
 */
export async function titleFromQuestion(ctx: ChatContext, turn: Turn): Promise<void> {
  const title = fallbackTitle(turn.requestMessage.text);
  if (!title) return;
  try {
    await saveTitle(ctx, turn, title);
  } catch (error) {
    ctx.logError(error, 'conversation title');
  }
}

/** The title model's title, or null: titles off for the endpoint, a failed call (logged) or an empty answer. */
async function titleFromModel(ctx: ChatContext, turn: Turn, replyText: string): Promise<string | null> {
  const choice = ctx.registry.titleModel(servingEndpoint(turn));
  if (!choice.enabled) return null;
  try {
    const model = await ctx.registry.languageModel(
      servingEndpoint(turn),
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
    return cleanTitle(text);
  } catch (error) {
    ctx.logError(error, 'conversation title');
    return null;
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
