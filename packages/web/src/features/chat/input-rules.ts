import type { Message } from '@parley/shared';

/** Everything the message box's state depends on (docs/reference/chat.md (Message box; Sending a message)). */
export interface InputRulesContext {
  conversationId: string;
  text: string;
  submitting: boolean;
  /** The latest message on the branch on screen. */
  latest: Pick<Message, 'error' | 'unfinished' | 'isCreatedByUser'> | undefined;
  /** No endpoint is configured at all. */
  noEndpoint: boolean;
  /** The new conversation's endpoint is not set up yet (the endpoint list is still loading). */
  endpointPending: boolean;
  /** The endpoint needs the user's own key and none usable is stored. */
  keyMissing: boolean;
  /** Attachments still uploading. */
  filesLoading: boolean;
  /** What the placeholder names: the model, else the endpoint's label. */
  modelName: string;
  /** The endpoint's display name, for the key prompt. */
  endpointName: string;
}

export type InputMode = 'ready' | 'search' | 'fix-latest' | 'needs-key' | 'no-endpoint';

export interface InputRules {
  mode: InputMode;
  /** The text box takes no input. */
  textDisabled: boolean;
  sendDisabled: boolean;
  placeholder: { key: string; values?: Record<string, string> };
}

/**
 * The text box is blocked in the search view, without an endpoint, without a required key, and while the latest
 * message is errored or unfinished (not while it streams): then the user is asked to edit or regenerate. Send is
 * disabled for blank text, loading files, a request in progress, a missing key, a blocked text box, or while the
 * endpoint the message would go to is not known yet (typing is fine meanwhile).
 */
export function inputRules(c: InputRulesContext): InputRules {
  const latestBroken = Boolean(c.latest && (c.latest.error || (c.latest.unfinished && !c.submitting)));
  const mode: InputMode =
    c.conversationId === 'search'
      ? 'search'
      : c.noEndpoint
        ? 'no-endpoint'
        : c.keyMissing
          ? 'needs-key'
          : latestBroken
            ? 'fix-latest'
            : 'ready';
  const textDisabled = mode !== 'ready';
  const blank = c.text.trim() === '';
  const sendDisabled = textDisabled || blank || c.filesLoading || c.submitting || c.endpointPending;
  return { mode, textDisabled, sendDisabled, placeholder: placeholderOf(mode, c) };
}

function placeholderOf(mode: InputMode, c: InputRulesContext): InputRules['placeholder'] {
  switch (mode) {
    case 'search':
      return { key: 'com_ui_chat_input_search_view' };
    case 'no-endpoint':
      return { key: 'com_ui_chat_input_no_endpoint' };
    case 'needs-key':
      return { key: 'com_ui_chat_input_set_key', values: { endpoint: c.endpointName } };
    case 'fix-latest':
      return { key: 'com_ui_chat_input_edit_or_regenerate' };
    default:
      return c.modelName
        ? { key: 'com_ui_chat_input_placeholder', values: { model: c.modelName } }
        : { key: 'com_ui_chat_input_placeholder_plain' };
  }
}
