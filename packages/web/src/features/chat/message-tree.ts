import { NIL_UUID, type Message } from '@parley/shared';

/** One message of the branch on screen, with its place among the replies to the same parent. */
export interface BranchNode {
  message: Message;
  /** 0-based position of `message` among `siblings`. */
  siblingIndex: number;
  siblingCount: number;
  siblings: Message[];
}

/** The sibling picked under one parent, with how many siblings there were when it was picked. */
export interface SiblingChoice {
  index: number;
  count: number;
}

/** Picks by parentMessageId; a parent with no entry shows its latest child. */
export type SiblingSelection = Readonly<Record<string, SiblingChoice>>;

/** Children by parent id; the root's children are under {@link NIL_UUID}. */
export type MessageTree = ReadonlyMap<string, readonly Message[]>;

// A message without a readable date sorts last: it is the client's newest (a streaming placeholder).
const timeOf = (m: Message) => {
  const t = Date.parse(m.createdAt);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

/**
 * Builds the tree from a flat list. A messageId seen twice keeps its first occurrence. A message whose parent is
 * missing (or which only loops back to itself) hangs under the root instead of being lost. Siblings are ordered
 * by createdAt, ties by their order in the list.
 */
export function buildMessageTree(messages: readonly Message[]): MessageTree {
  const byId = new Map<string, Message>();
  for (const m of messages) if (!byId.has(m.messageId)) byId.set(m.messageId, m);

  const parentOf = new Map<string, string>();
  for (const m of byId.values()) {
    const parent = m.parentMessageId;
    const known = parent && parent !== m.messageId && byId.has(parent);
    parentOf.set(m.messageId, known ? parent : NIL_UUID);
  }
  detachCycles(byId, parentOf);

  const tree = new Map<string, Message[]>();
  for (const m of byId.values()) {
    const parent = parentOf.get(m.messageId)!;
    const list = tree.get(parent);
    if (list) list.push(m);
    else tree.set(parent, [m]);
  }
  // Array.prototype.sort is stable, so equal dates keep list order.
  for (const list of tree.values()) list.sort((a, b) => timeOf(a) - timeOf(b));
  return tree;
}

/** A parent chain that never reaches the root is a loop; the member where the walk re-enters it moves to the root. */
function detachCycles(byId: Map<string, Message>, parentOf: Map<string, string>): void {
  const reachesRoot = new Map<string, boolean>([[NIL_UUID, true]]);
  for (const id of byId.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current = id;
    while (!reachesRoot.has(current) && !onPath.has(current)) {
      path.push(current);
      onPath.add(current);
      current = parentOf.get(current)!;
    }
    if (!reachesRoot.has(current)) parentOf.set(current, NIL_UUID);
    for (const p of path) reachesRoot.set(p, true);
  }
}

/**
 * The branch on screen, root to leaf: under each parent the selected sibling, or the latest one when there is
 * no selection or the parent's sibling count has changed since the selection was made
 * (docs/reference/messages.md (Branches)).
 */
export function visibleBranch(messages: readonly Message[], selection: SiblingSelection = {}): BranchNode[] {
  const tree = buildMessageTree(messages);
  const branch: BranchNode[] = [];
  let parent = NIL_UUID;
  for (let children = tree.get(parent); children?.length; children = tree.get(parent)) {
    const siblings = [...children];
    const siblingIndex = selectedIndex(selection[parent], siblings.length);
    const message = siblings[siblingIndex]!;
    branch.push({ message, siblingIndex, siblingCount: siblings.length, siblings });
    parent = message.messageId;
  }
  return branch;
}

/** The index a stored choice gives for `count` siblings: the latest unless the choice is still current. */
export function selectedIndex(choice: SiblingChoice | undefined, count: number): number {
  const latest = count - 1;
  if (!choice || choice.count !== count) return latest;
  return choice.index >= 0 && choice.index < count ? choice.index : latest;
}
