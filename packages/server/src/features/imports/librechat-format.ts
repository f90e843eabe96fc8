import { conversationOptionsSchema } from '@parley/shared';
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

/** The fields of a LibreChat (or Parley) export that hold its messages. */
export const MESSAGE_FIELDS = new Set(['messages', 'messagesTree']);

/** A LibreChat or Parley conversation export object: `{conversationId, title, endpoint, options?, messages}`. */
export const isLibreChatConversation = (value: unknown): boolean =>
  isObject(value) && (Array.isArray(value.messages) || Array.isArray(value.messagesTree));

/**
 * Reads one LibreChat or Parley export (docs/reference/import.md (LibreChat and Parley)) as its parts arrive: its
 * fields, and its messages one at a time, either sequential (each names its `parentMessageId`) or a tree (each
 * nests its replies under `children`). Branches stay branches; dates are kept, so the branch shown is the same.
 */
export class LibreChatReader {
  private readonly fields: Record<string, unknown> = {};
  private readonly ids = new IdMap();
  private readonly messages: ImportedMessage[] = [];
  private sawMessages = false;

  constructor(private readonly position: number) {}

  field(key: string, value: unknown): void {
    if (MESSAGE_FIELDS.has(key)) this.sawMessages = true;
    this.fields[key] = value;
  }

  /** One top-level element of `messages`: a message, with its replies nested when the export is a tree. */
  message(value: unknown): void {
    this.sawMessages = true;
    // A tree is walked without recursion: a long chat nests thousands deep.
    const stack: { node: unknown; parent: string | null }[] = [{ node: value, parent: null }];
    while (stack.length > 0) {
      const { node, parent } = stack.pop()!;
      if (!isObject(node)) {
        throw new ImportFormatError(`Conversation ${this.position}: a message is not an object.`);
      }
      const message = this.toMessage(node, parent);
      this.messages.push(message);
      if (Array.isArray(node.children)) {
        for (let i = node.children.length - 1; i >= 0; i -= 1) {
          stack.push({ node: node.children[i], parent: message.messageId });
        }
      }
    }
  }

  finish(): ImportedConversation {
    if (!this.sawMessages) {
      throw new ImportFormatError(
        'The file is not a conversation export Parley knows (ChatGPT conversations.json, or a LibreChat or Parley JSON export).',
      );
    }
    const f = this.fields;
    const options = isObject(f.options) ? f.options : {};
    const checked = conversationOptionsSchema.safeParse(options);
    const { endpoint: _e, endpointType, model, ...rest } = checked.success ? checked.data : {};
    const dates = this.messages.map((m) => Date.parse(m.createdAt));
    const first = dates.length > 0 ? new Date(Math.min(...dates)).toISOString() : null;
    const last = dates.length > 0 ? new Date(Math.max(...dates)).toISOString() : null;
    const created = isoDate(f.createdAt) ?? first ?? new Date().toISOString();
    return {
      title: str(f.title) ?? UNTITLED,
      endpoint: str(f.endpoint) ?? str(options.endpoint) ?? 'openAI',
      endpointType: str(f.endpointType) ?? endpointType ?? null,
      model: str(f.model) ?? model ?? this.messages.findLast((m) => m.model)?.model ?? null,
      options: rest,
      createdAt: created,
      updatedAt: isoDate(f.updatedAt) ?? last ?? created,
      messages: this.messages,
    };
  }

  private toMessage(node: Record<string, unknown>, treeParent: string | null): ImportedMessage {
    const isUser = node.isCreatedByUser === true;
    const index = this.messages.length;
    const text = messageText(node);
    return {
      // A message without an id still gets one (its replies in a tree know it by nesting).
      messageId:
        typeof node.messageId === 'string' ? this.ids.get(node.messageId) : this.ids.get(`#${index}`),
      parentMessageId: treeParent ?? this.ids.get(node.parentMessageId),
      sender: str(node.sender) ?? (isUser ? 'User' : 'Assistant'),
      text,
      isCreatedByUser: isUser,
      model: str(node.model),
      endpoint: str(node.endpoint),
      error: node.error === true,
      createdAt: isoDate(node.createdAt) ?? new Date(index).toISOString(),
    };
  }
}

/** The message's text, or its content parts' text; image and file parts and attached files become notes. */
function messageText(node: Record<string, unknown>): string {
  const pieces: string[] = [];
  const own = typeof node.text === 'string' ? node.text : '';
  if (own !== '') pieces.push(own);
  if (Array.isArray(node.content)) {
    for (const part of node.content) {
      if (!isObject(part)) continue;
      const type = typeof part.type === 'string' ? part.type : '';
      if (type === 'text') {
        const value = typeof part.text === 'string' ? part.text : isObject(part.text) ? part.text.value : '';
        if (own === '' && typeof value === 'string') pieces.push(value);
      } else if (type.startsWith('image')) {
        const image = isObject(part[type]) ? (part[type] as Record<string, unknown>) : {};
        pieces.push(notImportedNote('image', str(image.filename)));
      }
    }
  }
  if (Array.isArray(node.files)) {
    for (const file of node.files) {
      const f = isObject(file) ? file : {};
      const image = typeof f.type === 'string' && f.type.startsWith('image/');
      pieces.push(notImportedNote(image ? 'image' : 'file', str(f.filename) ?? str(f.filepath)));
    }
  }
  return joinText(pieces);
}
