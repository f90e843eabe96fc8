import type { AskPayload } from '@parley/shared';

/** Which route the send came through: `/api/ask/{endpoint}` or `/api/edit/{endpoint}`. */
export type SendRoute = 'ask' | 'edit';

/**
 * What a send asks for, read from its route and payload (docs/reference/chat.md (Regenerate, continue and edit)):
 * - `ask`: a new user message and its reply.
 * - `regenerate`: a new sibling reply to a saved user message, no new user message.
 * - `edit`: a saved message edited and resubmitted: a user message becomes a new sibling ask; an AI message is
 *   continued in place (after setting its text when `editedText` is given).
 * - `branch`: a new sibling reply to a saved user message that starts from `baseText` and is continued from there
 *   (an AI reply edited and resubmitted, keeping the original).
 */
export type SendIntent =
  | { kind: 'ask' }
  | { kind: 'regenerate'; questionId: string }
  | { kind: 'edit'; targetId: string; editedText: string | null }
  | { kind: 'branch'; questionId: string; baseText: string };

/**
 * Two clients' forms of the same sends meet here. Parley's web app names the edit with `isRegenerate`,
 * `isEdited`/`editedMessageId`/`editedText` and `isContinued` + `responseMessageId`. A LibreChat client regenerates
 * through `/api/ask` with `overrideParentMessageId` naming the saved question (its `messageId` and `parentMessageId`
 * then describe a message that is never created), continues with `isContinued` + `responseMessageId`, and edits a
 * reply with `generation` (the edited text) + `responseMessageId` and `isContinued: false`. It sends `generation`
 * and `responseMessageId` on plain sends too (the latest message's), so on `/api/ask` they mean nothing.
 */
export function sendIntent(route: SendRoute, payload: AskPayload): SendIntent {
  const question = payload.overrideParentMessageId ?? null;
  if (route === 'ask') return question ? { kind: 'regenerate', questionId: question } : { kind: 'ask' };
  if (payload.isRegenerate) return { kind: 'regenerate', questionId: question ?? payload.parentMessageId };
  const edited = payload.isEdited ? (payload.editedMessageId ?? null) : null;
  const editedText = edited ? (payload.editedText ?? null) : null;
  if (payload.isContinued) {
    const targetId = edited ?? payload.responseMessageId ?? null;
    if (targetId) return { kind: 'edit', targetId, editedText };
    // Nothing saved to extend: a new reply under the question, from the text the client holds.
    return {
      kind: 'branch',
      questionId: question ?? payload.parentMessageId,
      baseText: payload.generation ?? '',
    };
  }
  if (edited) return { kind: 'edit', targetId: edited, editedText };
  if (payload.generation != null && payload.responseMessageId && question) {
    return { kind: 'branch', questionId: question, baseText: payload.generation };
  }
  return { kind: 'ask' };
}
