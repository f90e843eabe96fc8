import { NIL_UUID } from '@parley/shared';
import {
  IdMap,
  ImportFormatError,
  isObject,
  isoDate,
  joinText,
  notImportedNote,
  str,
  UNTITLED,
  type ImportedConversation,
  type ImportedMessage,
} from './imported-conversation';

/** A ChatGPT conversation (an element of `conversations.json`): it has a `mapping` of nodes. */
export const isChatGptConversation = (value: unknown): boolean => isObject(value) && isObject(value.mapping);

/**
 * One conversation of ChatGPT's export (docs/reference/import.md (ChatGPT)). Its `mapping` is a tree of nodes
 * `{id, message, parent, children}`; every branch becomes Parley siblings, and the branch ending at
 * `current_node` is the one shown (its messages are made the newest of their siblings, since the web shows the
 * newest). System and hidden messages are left out, their children joined to the nearest message kept.
 */
export function fromChatGpt(conv: Record<string, unknown>, position: number): ImportedConversation {
  const mapping = conv.mapping as Record<string, unknown>;
  const nodes = new Map<string, Record<string, unknown>>();
  for (const [id, node] of Object.entries(mapping)) {
    if (!isObject(node))
      throw new ImportFormatError(`Conversation ${position}: node "${id}" is not an object.`);
    nodes.set(id, node);
  }
  const created = isoDate(conv.create_time) ?? new Date(0).toISOString();
  const ids = new IdMap();
  const kept = new Map<string, ImportedMessage>();
  // File order gives a stable date to messages without one.
  let order = 0;
  for (const [id, node] of nodes) {
    order += 1;
    const message = node.message;
    if (!isObject(message)) continue;
    const role = isObject(message.author) ? message.author.role : undefined;
    const metadata = isObject(message.metadata) ? message.metadata : {};
    if (role === 'system' || metadata.is_visually_hidden_from_conversation === true) continue;
    const text = messageText(message);
    if (text === null) continue;
    const isUser = role === 'user';
    const model = str(metadata.model_slug) ?? str(conv.default_model_slug);
    kept.set(id, {
      messageId: ids.get(id),
      parentMessageId: NIL_UUID,
      sender: isUser ? 'User' : (model ?? 'ChatGPT'),
      text,
      isCreatedByUser: isUser,
      model: isUser ? null : model,
      endpoint: 'openAI',
      error: false,
      createdAt: isoDate(message.create_time) ?? new Date(Date.parse(created) + order).toISOString(),
    });
  }
  // The nearest kept ancestor of each kept message (a loop in a broken file ends at the root).
  for (const [id, message] of kept) {
    const seen = new Set([id]);
    let parent = str(nodes.get(id)?.parent);
    while (parent && !kept.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = str(nodes.get(parent)?.parent);
    }
    message.parentMessageId =
      parent && kept.has(parent) && !seen.has(parent) ? kept.get(parent)!.messageId : NIL_UUID;
  }
  showCurrentBranch(kept, nodes, str(conv.current_node));
  const messages = [...kept.values()];
  const last = messages.at(-1);
  return {
    title: str(conv.title) ?? UNTITLED,
    endpoint: 'openAI',
    endpointType: null,
    model: str(conv.default_model_slug) ?? last?.model ?? null,
    options: {},
    createdAt: created,
    updatedAt: isoDate(conv.update_time) ?? created,
    messages,
  };
}

/** Makes each message on the path to `current` the newest of its siblings, so it is the branch on screen. */
function showCurrentBranch(
  kept: Map<string, ImportedMessage>,
  nodes: Map<string, Record<string, unknown>>,
  current: string | null,
): void {
  const byParent = new Map<string, ImportedMessage[]>();
  for (const m of kept.values()) {
    const list = byParent.get(m.parentMessageId);
    if (list) list.push(m);
    else byParent.set(m.parentMessageId, [m]);
  }
  const seen = new Set<string>();
  for (let id = current; id && !seen.has(id); id = str(nodes.get(id)?.parent)) {
    seen.add(id);
    const message = kept.get(id);
    if (!message) continue;
    const newest = Math.max(...byParent.get(message.parentMessageId)!.map((m) => Date.parse(m.createdAt)));
    if (Date.parse(message.createdAt) < newest) message.createdAt = new Date(newest + 1).toISOString();
  }
}

/** A message's text; image and file parts become notes. Null for a message with nothing to show. */
function messageText(message: Record<string, unknown>): string | null {
  const content = isObject(message.content) ? message.content : {};
  const type = content.content_type;
  const pieces: string[] = [];
  if (type === 'code' && typeof content.text === 'string') {
    pieces.push(
      `\`\`\`${typeof content.language === 'string' && content.language !== 'unknown' ? content.language : ''}\n${content.text}\n\`\`\``,
    );
  } else if (typeof content.text === 'string') {
    pieces.push(content.text);
  }
  if (Array.isArray(content.parts)) {
    for (const part of content.parts) {
      if (typeof part === 'string') pieces.push(part);
      else if (isObject(part)) pieces.push(partNote(part));
    }
  }
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (Array.isArray(metadata.attachments)) {
    for (const file of metadata.attachments) {
      const name = isObject(file) ? str(file.name) : null;
      const image =
        isObject(file) && typeof file.mime_type === 'string' && file.mime_type.startsWith('image/');
      pieces.push(notImportedNote(image ? 'image' : 'file', name));
    }
  }
  const text = joinText(pieces);
  return text === '' ? null : text;
}

function partNote(part: Record<string, unknown>): string {
  if (typeof part.text === 'string') return part.text;
  const type = typeof part.content_type === 'string' ? part.content_type : '';
  return notImportedNote(type.includes('image') ? 'image' : 'file');
}
