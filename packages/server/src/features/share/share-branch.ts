import { NIL_UUID } from '@parley/shared';

interface Link {
  message_id: string;
  parent_message_id: string;
}

/**
 * The last message of the branch the web shows when a conversation opens (docs/reference/messages.md (Branches)):
 * from the root, at each step the newest reply, down to a message with none. `links` come in the messages list's
 * order (oldest first), so the newest child is the last one listed. A message whose parent is missing hangs under
 * the root, as in the web; a loop in corrupt data ends the walk. Undefined when there are no messages.
 */
export function shownBranchLeaf(links: readonly Link[]): string | undefined {
  const ids = new Set(links.map((l) => l.message_id));
  const newestChild = new Map<string, string>();
  for (const { message_id: id, parent_message_id: parent } of links) {
    const under = parent !== id && ids.has(parent) ? parent : NIL_UUID;
    newestChild.set(under, id);
  }
  const seen = new Set<string>();
  let leaf: string | undefined;
  let next = newestChild.get(NIL_UUID);
  while (next !== undefined && !seen.has(next)) {
    seen.add(next);
    leaf = next;
    next = newestChild.get(next);
  }
  return leaf;
}
