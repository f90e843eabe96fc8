import type { Message } from '@parley/shared';
import { visibleBranch, type SiblingSelection } from '../chat/message-tree';
import { isLocalOnly } from '../chat/stream/message-updates';

/**
 * The `targetMessageId` to share the open conversation with (docs/reference/sharing.md (Share links)): the last saved
 * message of the branch on screen, sent only when it is not the branch the server picks by itself (the newest reply
 * at each step). So a link to what the web shows by default keeps following the conversation when it is updated,
 * and one made from an older branch the user switched to stays on that branch.
 */
export function shareTarget(
  messages: readonly Message[] | undefined,
  selection: SiblingSelection,
): string | undefined {
  if (!messages?.length) return undefined;
  const leaf = (nodes: ReturnType<typeof visibleBranch>) => {
    const saved = nodes.map((node) => node.message).filter((m) => !isLocalOnly(m));
    return saved.at(-1)?.messageId;
  };
  const shown = leaf(visibleBranch(messages, selection));
  return shown === leaf(visibleBranch(messages)) ? undefined : shown;
}
