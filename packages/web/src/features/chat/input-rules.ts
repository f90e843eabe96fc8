/** Everything the message box's state depends on (docs/reference/chat.md (Message box; Sending a message)). */
export interface InputRulesContext {
  conversationId: string;
  text: string;
  submitting: boolean;
  /** No endpoint is configured at all. */
  noEndpoint: boolean;
  /** The new conversation's endpoint is not set up yet (the endpoint list is still loading). */
  endpointPending: boolean;
  /** The endpoint needs the user's own key and none usable is stored. */
  keyMissing: boolean;
  /** The assistants endpoint with no assistant chosen: there is no one to send to. */
  assistantMissing?: boolean;
  /** Attachments still uploading. */
  filesLoading: boolean;
  /** What the placeholder names: the model, else the endpoint's label. */
  modelName: string;
  /** The endpoint's display name, for the key prompt. */
  endpointName: string;
}

export type InputMode = 'ready' | 'search' | 'needs-key' | 'needs-assistant' | 'no-endpoint';

export interface InputRules {
  mode: InputMode;
  /** The text box takes no input. */
  textDisabled: boolean;
  sendDisabled: boolean;
  placeholder: { key: string; values?: Record<string, string> };
}

/**
 * The text box is blocked in the search view, without an endpoint, without a required key, and on the assistants
 * endpoint until an assistant is chosen (docs/reference/assistants.md (Chatting with an assistant)). An errored or
 * unfinished latest message does not block it: a new message branches from it like any send, and the way to go on
 * shows under that message
 * (docs/decisions.md (The message box stays usable after Stop and after any error)).
 * Send is disabled for blank text, loading files, a request in progress, a missing key, a blocked text box, or
 * while the endpoint the message would go to is not known yet (typing is fine meanwhile).
 */
export function inputRules(c: InputRulesContext): InputRules {
  const mode: InputMode =
    c.conversationId === 'search'
      ? 'search'
      : c.noEndpoint
        ? 'no-endpoint'
        : c.keyMissing
          ? 'needs-key'
          : c.assistantMissing
            ? 'needs-assistant'
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
    case 'needs-assistant':
      return { key: 'com_ui_chat_input_select_assistant' };
    default:
      return c.modelName
        ? { key: 'com_ui_chat_input_placeholder', values: { model: c.modelName } }
        : { key: 'com_ui_chat_input_placeholder_plain' };
  }
}
