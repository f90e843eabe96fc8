import { NIL_UUID, type Message } from '@parley/shared';
import { buildMessageTree } from '../chat/message-tree';

/**
 * Every message of the conversation in reading order: depth first from the root, siblings oldest first, so each
 * reply follows the message it answers (the same tree the chat shows; docs/reference/messages.md (Branches)).
 */
export function allMessagesInOrder(messages: readonly Message[]): Message[] {
  const tree = buildMessageTree(messages);
  const out: Message[] = [];
  const walk = (parent: string) => {
    for (const child of tree.get(parent) ?? []) {
      out.push(child);
      walk(child.messageId);
    }
  };
  walk(NIL_UUID);
  return out;
}

/** A message with its replies nested, for the recursive json export. */
export type MessageNode = Message & { children: MessageNode[] };

/**
 * The messages as a tree of roots, each with its replies under `children`. Built from the messages given (the
 * branch on screen gives a chain; every message gives the whole tree); a parent outside the set makes a root.
 */
export function nestMessages(messages: readonly Message[]): MessageNode[] {
  const tree = buildMessageTree(messages);
  const nest = (parent: string): MessageNode[] =>
    (tree.get(parent) ?? []).map((m) => ({ ...m, children: nest(m.messageId) }));
  return nest(NIL_UUID);
}
