import { endpointKindOf, type EndpointKind, type Message } from '@parley/shared';

/**
 * Endpoints whose replies can be regenerated: they support branching (docs/reference/messages.md (Message actions)).
 */
export const REGENERATE_ENDPOINTS: readonly EndpointKind[] = [
  'azureOpenAI',
  'openAI',
  'custom',
  'chatGPTBrowser',
  'google',
  'bingAI',
  'gptPlugins',
  'anthropic',
];

/**
 * Endpoints whose replies can be continued, and so edited in place and continued
 * (docs/reference/messages.md (Message actions)).
 */
export const CONTINUE_ENDPOINTS: readonly EndpointKind[] = [
  'openAI',
  'google',
  'assistants',
  'anthropic',
  'gptPlugins',
  'azureOpenAI',
  'custom',
];

/** Everything the action buttons of one message depend on. */
export interface MessageActionContext {
  message: Pick<Message, 'isCreatedByUser' | 'error' | 'unfinished' | 'finish_reason'>;
  /** The endpoint name (a custom endpoint's own name is fine: its kind is used). */
  endpoint: string;
  isLatest: boolean;
  isEditing: boolean;
  submitting: boolean;
  isSearchResult: boolean;
  /**
   * Within the short window after Stop, when Continue shows on the latest reply regardless
   * (docs/reference/chat.md (Stopping a reply)).
   */
  recentlyStopped: boolean;
}

export interface MessageActions {
  copy: boolean;
  edit: boolean;
  regenerate: boolean;
  continue: boolean;
}

const kind = (endpoint: string) => endpointKindOf(endpoint);

/**
 * Edit is hidden while submitting, on errors, on search results and on unsupported endpoints
 * (docs/reference/messages.md (Message actions)). A user message resends through the ask/edit path, or the assistants
 * modify path; an AI message is edited in place and continued, so it needs an endpoint that can continue.
 */
export function canEdit(c: MessageActionContext): boolean {
  if (c.submitting || c.message.error || c.isSearchResult) return false;
  const k = kind(c.endpoint);
  if (c.message.isCreatedByUser) return REGENERATE_ENDPOINTS.includes(k) || k === 'assistants';
  return CONTINUE_ENDPOINTS.includes(k);
}

/**
 * Regenerate: AI messages not being edited, not while submitting, not search results
 * (docs/reference/messages.md (Message actions)). An assistant's reply too: Parley's threads branch, and the assistants
 * path regenerates on `/modify` (docs/reference/assistants.md (Chatting with an assistant)), where LibreChat, on
 * OpenAI's threads, cannot.
 */
export function canRegenerate(c: MessageActionContext): boolean {
  if (c.message.isCreatedByUser || c.isEditing || c.submitting || c.isSearchResult) return false;
  const k = kind(c.endpoint);
  return REGENERATE_ENDPOINTS.includes(k) || k === 'assistants';
}

/**
 * Continue: the latest AI reply whose finish_reason is not 'stop', not being edited, not a search result
 * (docs/reference/messages.md (Message actions)). Right after Stop it shows even if the stream has not quite ended.
 * Otherwise never while a reply streams, and not for an errored reply whose text is the error; an errored reply that
 * keeps the partial text of a failure mid-stream (`unfinished`) can be continued
 * (docs/decisions.md (An errored reply with partial text can be continued)).
 */
export function canContinue(c: MessageActionContext): boolean {
  const { message } = c;
  if (!c.isLatest || message.isCreatedByUser || c.isEditing || c.isSearchResult) return false;
  if (!CONTINUE_ENDPOINTS.includes(kind(c.endpoint))) return false;
  if (c.recentlyStopped) return true;
  const partial = message.error ? message.unfinished : true;
  return !c.submitting && partial && message.finish_reason !== 'stop';
}

/**
 * The way to go on, shown under the latest reply when it is errored or unfinished and nothing streams; it names
 * Continue when Continue is offered
 * (docs/decisions.md (The message box stays usable after Stop and after any error)).
 */
export function goOnHint(c: MessageActionContext & { live: boolean }): string | null {
  const { message } = c;
  if (!c.isLatest || message.isCreatedByUser || c.live || c.submitting || c.isSearchResult) return null;
  if (!message.error && !message.unfinished) return null;
  return canContinue(c) ? 'com_ui_msg_go_on_continue' : 'com_ui_msg_go_on';
}

export function messageActions(c: MessageActionContext): MessageActions {
  return { copy: true, edit: canEdit(c), regenerate: canRegenerate(c), continue: canContinue(c) };
}
