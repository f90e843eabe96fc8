import type { ConversationOptions } from '../conversations/conversation-options.schema';

/** A conversation option that is a plain number (nested agent options are addressed by a dotted key). */
export type NumericOptionKey =
  | 'temperature'
  | 'top_p'
  | 'topP'
  | 'topK'
  | 'maxOutputTokens'
  | 'frequency_penalty'
  | 'presence_penalty'
  | 'agentOptions.temperature';

/** The AI SDK call setting a numeric option feeds; absent for options the server uses otherwise. */
export type CallSettingName =
  'temperature' | 'topP' | 'topK' | 'maxOutputTokens' | 'frequencyPenalty' | 'presencePenalty';

/**
 * A slider: the web renders it, the server checks values against it
 * (docs/reference/endpoints-and-models.md (Endpoint settings)).
 */
export interface NumberSetting {
  kind: 'number';
  key: NumericOptionKey;
  min: number;
  max: number;
  step: number;
  default: number;
  call?: CallSettingName;
}

/** A choice among fixed values, such as image detail (auto, low, high). */
export interface EnumSetting {
  kind: 'enum';
  key: 'imageDetail' | 'toneStyle' | 'agentOptions.agent';
  options: readonly string[];
  default: string;
}

export interface BooleanSetting {
  kind: 'boolean';
  key: 'resendImages' | 'jailbreak' | 'agentOptions.skipCompletion';
  default: boolean;
}

/** Free text such as a prompt prefix or custom name; `examples` is the google chat-type examples editor. */
export interface TextSetting {
  kind: 'text' | 'examples';
  key: 'promptPrefix' | 'modelLabel' | 'chatGptLabel' | 'systemMessage' | 'context' | 'examples';
  /**
   * The panel counts the text's tokens (`POST /api/tokenizer`, 250 ms after the last keystroke) and warns above
   * `warnAbove`: bingAI's context, which the service may refuse above about 7,000 tokens.
   */
  tokenCount?: { warnAbove: number };
}

/** A choice among the endpoint's own models, such as the plugins agent's model. */
export interface ModelSetting {
  kind: 'model';
  key: 'agentOptions.model';
}

export type EndpointSetting = NumberSetting | EnumSetting | BooleanSetting | TextSetting | ModelSetting;

/** What one endpoint offers: its default model and option values, and the settings panel's fields. */
export interface EndpointSettingsData {
  defaults: Partial<ConversationOptions> & { model: string };
  settings: readonly EndpointSetting[];
}
