import { queryClient } from '../../lib/query-client';
import { conversationQuery, messagesQuery } from '../chat/chat.api';
import { visibleBranch } from '../chat/message-tree';
import { useSiblingSelectionStore } from '../chat/sibling-selection.store';
import { downloadBlob } from '../../lib/download';
import { buildTextExport } from './build-export';
import { allMessagesInOrder } from './export-messages';
import { EXTENSION, type ExportChoices, type ExportSource, type ExportWording } from './export-types';
import { captureBranch } from './screenshot';

/** What went wrong, as the dialog's error text key suffix; null when the file was saved. */
export type ExportFailure = 'screenshot' | 'messages' | 'generic';

// The conversation's own fields; everything else on its record is an endpoint option.
const NOT_OPTIONS = new Set(['conversationId', 'title', 'user', 'endpoint', 'createdAt', 'updatedAt']);

/** Builds the chosen file for the conversation and downloads it. Never throws: failures come back as a kind. */
export async function runExport(
  conversationId: string,
  choices: ExportChoices,
  filename: string,
  wording: ExportWording,
): Promise<ExportFailure | null> {
  if (choices.type === 'screenshot') {
    try {
      downloadBlob(await captureBranch(), `${filename}.${EXTENSION.screenshot}`);
      return null;
    } catch {
      return 'screenshot';
    }
  }
  let source: ExportSource;
  try {
    source = await loadSource(conversationId, choices.allBranches, wording);
  } catch {
    return 'messages';
  }
  try {
    const file = buildTextExport(source, { ...choices, type: choices.type }, filename);
    downloadBlob(new Blob([file.content], { type: file.mime }), file.filename);
    return null;
  } catch {
    return 'generic';
  }
}

/**
 * The conversation's record and messages, from the chat's caches when they are there (the same data the chat
 * shows), from the API otherwise; the branch follows the sibling choices on screen.
 */
async function loadSource(
  conversationId: string,
  allBranches: boolean,
  wording: ExportWording,
): Promise<ExportSource> {
  const [conversation, messages] = await Promise.all([
    queryClient.fetchQuery(conversationQuery(conversationId)),
    queryClient.fetchQuery(messagesQuery(conversationId)),
  ]);
  const selection = useSiblingSelectionStore.getState().byConversation[conversationId] ?? {};
  const options = Object.fromEntries(Object.entries(conversation).filter(([key]) => !NOT_OPTIONS.has(key)));
  return {
    conversationId,
    title: conversation.title,
    endpoint: conversation.endpoint,
    options,
    messages: allBranches
      ? allMessagesInOrder(messages)
      : visibleBranch(messages, selection).map((node) => node.message),
    wording,
  };
}
