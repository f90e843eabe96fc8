import { historyTokenBudget, type ContentPart, type ImageDetail } from '@parley/shared';
import type { Db } from '../../db/database';
import { promptTakesImages, type PromptTurn } from '../../providers/build-prompt';
import { ancestorPath } from '../messages/ancestor-path.repository';
import { getMessage } from '../messages/messages.repository';
import type { MessageRow } from '../messages/messages.table';
import type { ChatContext } from './chat-context';
import { servingEndpoint, type Turn } from './chat-turn';
import { imagesIn, imagesOf, imagesTokenCost, keepWithinBudget } from './history-budget';
import type { MessageFile } from './message-files';
import { countTokens } from '../../lib/tokens';
import { loadTurnImages } from './turn-images';

/** Rough characters per token, to cut a single message that alone exceeds the budget. */
const CHARS_PER_TOKEN = 3;

export interface HistoryInput {
  userId: string;
  conversationId: string;
  /** Where the walk starts (the request message, or for a continue the AI message). */
  leafId: string;
  model: string;
  maxOutputTokens?: number | null;
  /** The user message the reply answers; its images are sent whenever images are. */
  request: { messageId: string; files?: MessageFile[] | null };
  /** Images go to the model at all: a vision model whose prompt is chat turns. */
  vision: boolean;
  /**
   * Earlier messages' images are sent again (`resendImages`, docs/reference/files.md (Images and vision)); else only
   * the request's.
   */
  resendImages: boolean;
  detail: ImageDetail;
}

export interface HistoryEntry {
  row: MessageRow;
  /** The images sent with this message. */
  images: MessageFile[];
}

/**
 * The history of a turn, oldest first: the ancestor path of its leaf within the model's budget (context window
 * minus max output), using stored token counts, so its cost does not grow with the conversation. Images sent count
 * too (docs/reference/files.md (Images and vision)): the request's are taken off the walk's budget, and resent ones
 * drop older messages after it; only messages with files pay for that. A leaf that alone exceeds the budget is sent cut
 * to its last part. Messages without text or images (a failed reply) are left out.
 */
export async function budgetedHistory(db: Db, input: HistoryInput): Promise<HistoryEntry[]> {
  const { userId, conversationId, leafId, detail } = input;
  const budget = historyTokenBudget(input.model, input.maxOutputTokens);
  const requestImages = input.vision ? imagesIn(input.request.files) : [];
  const textBudget = Math.max(1, budget - imagesTokenCost(requestImages, detail));
  let rows = await ancestorPath(db, userId, conversationId, leafId, textBudget);
  if (rows.length === 0) {
    const leaf = await getMessage(db, userId, leafId);
    if (leaf) rows = [{ ...leaf, text: leaf.text.slice(-textBudget * CHARS_PER_TOKEN) }];
  }
  const sent = (row: MessageRow): MessageFile[] => {
    if (row.message_id === input.request.messageId) return requestImages;
    return input.vision && input.resendImages ? imagesOf(row.files) : [];
  };
  const entries = rows.map((row) => ({ row, images: sent(row) }));
  const kept = keepWithinBudget(
    entries,
    budget,
    (entry) => entry.row.token_count + imagesTokenCost(entry.images, detail),
  );
  return kept.filter((entry) => entry.row.text.trim() !== '' || entry.images.length > 0);
}

/** What a turn's history is read from: the placed turn, before or after its job starts. */
export type HistoryTurn = Pick<
  Turn,
  'userId' | 'endpoint' | 'conversationId' | 'historyLeafId' | 'model' | 'settings' | 'options' | 'reply'
> &
  Partial<Pick<Turn, 'modelEndpoint'>> & {
    requestMessage: Pick<Turn['requestMessage'], 'messageId' | 'files'>;
  };

function historyInput(ctx: ChatContext, turn: HistoryTurn, leafId = turn.historyLeafId): HistoryInput {
  const entry = ctx.registry.getEndpoint(servingEndpoint(turn));
  return {
    userId: turn.userId,
    conversationId: turn.conversationId,
    leafId,
    model: turn.model,
    maxOutputTokens: turn.settings.maxOutputTokens,
    request: { messageId: turn.requestMessage.messageId, files: turn.requestMessage.files },
    vision: entry !== undefined && promptTakesImages(entry, turn.model),
    resendImages: turn.options.resendImages === true,
    detail: turn.options.imageDetail ?? 'auto',
  };
}

/** A saved reply's parts when it holds tool steps, else null (a plain reply goes as its text). */
function toolParts(content: string | null): ContentPart[] | null {
  if (!content) return null;
  const parts = JSON.parse(content) as ContentPart[];
  return parts.some((part) => part.type === 'tool_call') ? parts : null;
}

/** The turn's history as prompt turns, with the bytes of the images it sends. */
export async function turnHistory(ctx: ChatContext, turn: Turn): Promise<PromptTurn[]> {
  return promptTurns(ctx, turn, await budgetedHistory(ctx.deps.database.db, historyInput(ctx, turn)));
}

/**
 * The turn's history as turnHistory answers it and, when `counted`, the tokens of the prompt it makes as
 * turnPromptTokens counts them, from the same read: a reply that uses tools holds its next call on them without
 * reading the history again. Null when not asked for, or when the count needs a branch's question read too.
 */
export async function turnHistoryCounted(
  ctx: ChatContext,
  turn: Turn,
  counted: boolean,
): Promise<{ history: PromptTurn[]; promptTokens: number | null }> {
  const input = historyInput(ctx, turn);
  const entries = await budgetedHistory(ctx.deps.database.db, input);
  const history = await promptTurns(ctx, turn, entries);
  const tokens = entryTokens(entries, input.detail);
  if (!counted || readsQuestion(turn, tokens)) return { history, promptTokens: null };
  return { history, promptTokens: tokens + extraTokens(turn.options) };
}

async function promptTurns(ctx: ChatContext, turn: Turn, entries: HistoryEntry[]): Promise<PromptTurn[]> {
  const wanted = entries.flatMap((e) => e.images.map((image) => image.file_id));
  const bytes = await loadTurnImages(ctx.deps, ctx.storage, turn.userId, wanted, ctx.logError);
  // Earlier tool steps go back as the calls and results they were only when this call offers tools: providers refuse
  // tool steps in a prompt that offers none (docs/reference/tools.md (A reply that uses tools)).
  const withSteps = turn.tools.length > 0;
  return entries.map(({ row, images }) => {
    const role = row.is_created_by_user === 1 ? 'user' : 'assistant';
    const parts = withSteps && role === 'assistant' ? toolParts(row.content) : null;
    if (parts) return { role, content: row.text, parts };
    const sent = images.flatMap((image) => bytes.get(image.file_id) ?? []);
    return sent.length > 0 ? { role, content: row.text, images: sent } : { role, content: row.text };
  });
}

/** A history's tokens as a hold counts them: the stored counts, and what the images sent cost. */
const entryTokens = (entries: HistoryEntry[], detail: ImageDetail) =>
  entries.reduce((n, e) => n + e.row.token_count + imagesTokenCost(e.images, detail), 0);

/** A branch whose reply is not written yet: its history is its question's plus the reply's starting text. */
const readsQuestion = (turn: HistoryTurn, historyTokens: number) =>
  historyTokens === 0 && turn.reply.baseText !== '' && turn.historyLeafId === turn.reply.messageId;

/** The instructions' and the examples' tokens. */
function extraTokens(options: HistoryTurn['options']): number {
  const { systemMessage, promptPrefix, examples } = options;
  const extra = [
    systemMessage,
    promptPrefix,
    ...(examples ?? []).flatMap((e) => [e.input.content, e.output.content]),
  ];
  return extra.reduce((n, text) => n + (text ? countTokens(text) : 0), 0);
}

/**
 * The tokens of the prompt a turn will send, counted where the turn is placed (`db`: its transaction, which holds
 * the request's writes) so the balance's hold covers the whole prompt, history included
 * (docs/reference/balance.md (A call)): the same history turnHistory sends, trimmed to the same budget, with its images, plus the instructions
 * and examples. A branch's reply is written only when its job starts, so its history is its question's plus the
 * reply's starting text.
 */
export async function turnPromptTokens(db: Db, ctx: ChatContext, turn: HistoryTurn): Promise<number> {
  const { detail } = historyInput(ctx, turn);
  let history = entryTokens(await budgetedHistory(db, historyInput(ctx, turn)), detail);
  if (readsQuestion(turn, history)) {
    const question = await budgetedHistory(db, historyInput(ctx, turn, turn.reply.parentMessageId));
    history = entryTokens(question, detail) + countTokens(turn.reply.baseText);
  }
  return history + extraTokens(turn.options);
}
