import type { ContentPart, Message, SharedConversation, SharedLink } from '@parley/shared';
import type { FileUrlConfig } from '../files/file-url';
import { signMessageFiles } from '../files/file-url';
import { dropNulls } from '../../lib/drop-nulls';
import { toMessage } from '../messages/messages.service';
import type { SharedLinkRow, SharedMessageRow } from './share.table';

// What a reader of a link sees (docs/reference/sharing.md (What a link shows)): nothing that names the owner or
// leads to anything else of theirs.

/** The sender every user message of a shared branch answers with: the owner's own label may be their name. */
export const SHARED_USER_SENDER = 'User';

/** A consent link of an action (an OAuth address with its state) is the owner's alone. */
function withoutConsentLinks(parts: ContentPart[]): ContentPart[] {
  return parts.map((part) => {
    if (part.type !== 'tool_call') return part;
    const { auth: _auth, expires_at: _expires, ...call } = part.tool_call;
    return { ...part, tool_call: call };
  });
}

function toSharedMessage(shareId: string, row: SharedMessageRow): Message {
  // A copied row reads as a message row does (toMessage), under the share's id; the owner's token count and
  // thread are not copied, so they are left out of the answer too.
  const { tokenCount: _tokens, ...message } = toMessage({
    ...row,
    conversation_id: shareId,
    user_id: '',
    token_count: 0,
    thread_id: null,
    service_state: null,
  });
  return {
    ...message,
    sender: message.isCreatedByUser ? SHARED_USER_SENDER : message.sender,
    ...(message.content ? { content: withoutConsentLinks(message.content) } : {}),
  };
}

/** The public answer: the branch under the share's own id, its files signed for the owner, valid for a while. */
export function toSharedConversation(
  config: FileUrlConfig,
  link: SharedLinkRow,
  rows: readonly SharedMessageRow[],
  nowMs = Date.now(),
): SharedConversation {
  return {
    ...linkFields(link),
    conversationId: link.share_id,
    messages: rows.map((row) =>
      signMessageFiles(config, link.user_id, toSharedMessage(link.share_id, row), nowMs),
    ),
  };
}

function linkFields(link: SharedLinkRow) {
  return dropNulls({
    shareId: link.share_id,
    title: link.title,
    isPublic: true,
    targetMessageId: link.target_message_id,
    createdAt: link.created_at,
    updatedAt: link.updated_at,
  });
}

/** One link of the owner's list. */
export function toSharedLink(link: SharedLinkRow): SharedLink {
  return { ...linkFields(link), conversationId: link.conversation_id };
}
