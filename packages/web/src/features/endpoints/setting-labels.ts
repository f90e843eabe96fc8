import type { EndpointSetting } from '@parley/shared';

/** i18n keys of each setting's label, written out so the locales test sees every one. */
export const SETTING_LABELS: Record<EndpointSetting['key'], string> = {
  chatGptLabel: 'com_endpoint_setting_custom_name',
  modelLabel: 'com_endpoint_setting_custom_name',
  promptPrefix: 'com_endpoint_setting_prompt_prefix',
  systemMessage: 'com_endpoint_setting_system_message',
  context: 'com_endpoint_setting_context',
  examples: 'com_endpoint_setting_examples',
  temperature: 'com_endpoint_setting_temperature',
  top_p: 'com_endpoint_setting_top_p',
  topP: 'com_endpoint_setting_top_p',
  topK: 'com_endpoint_setting_top_k',
  maxOutputTokens: 'com_endpoint_setting_max_output_tokens',
  frequency_penalty: 'com_endpoint_setting_frequency_penalty',
  presence_penalty: 'com_endpoint_setting_presence_penalty',
  resendImages: 'com_endpoint_setting_resend_images',
  imageDetail: 'com_endpoint_setting_image_detail',
  toneStyle: 'com_endpoint_setting_tone_style',
  jailbreak: 'com_endpoint_setting_jailbreak',
  'agentOptions.agent': 'com_endpoint_setting_agent',
  'agentOptions.skipCompletion': 'com_endpoint_setting_skip_completion',
  'agentOptions.model': 'com_endpoint_setting_agent_model',
  'agentOptions.temperature': 'com_endpoint_setting_agent_temperature',
};

/** Short help under some settings. */
export const SETTING_HINTS: Partial<Record<EndpointSetting['key'], string>> = {
  temperature: 'com_endpoint_hint_temperature',
  top_p: 'com_endpoint_hint_top_p',
  topP: 'com_endpoint_hint_top_p',
  topK: 'com_endpoint_hint_top_k',
  maxOutputTokens: 'com_endpoint_hint_max_output_tokens',
  frequency_penalty: 'com_endpoint_hint_frequency_penalty',
  presence_penalty: 'com_endpoint_hint_presence_penalty',
  resendImages: 'com_endpoint_hint_resend_images',
  imageDetail: 'com_endpoint_hint_image_detail',
  'agentOptions.skipCompletion': 'com_endpoint_hint_skip_completion',
};

/** i18n keys of enum choices (image detail, plugins agent, Bing tone). */
export const OPTION_LABELS: Record<string, string> = {
  auto: 'com_endpoint_option_auto',
  low: 'com_endpoint_option_low',
  high: 'com_endpoint_option_high',
  functions: 'com_endpoint_option_functions',
  classic: 'com_endpoint_option_classic',
  creative: 'com_endpoint_option_creative',
  fast: 'com_endpoint_option_fast',
  balanced: 'com_endpoint_option_balanced',
  precise: 'com_endpoint_option_precise',
};

/** Placeholders of the free-text settings. */
export const TEXT_PLACEHOLDERS: Partial<Record<EndpointSetting['key'], string>> = {
  chatGptLabel: 'com_endpoint_placeholder_custom_name',
  modelLabel: 'com_endpoint_placeholder_custom_name',
  promptPrefix: 'com_endpoint_placeholder_prompt_prefix',
  systemMessage: 'com_endpoint_placeholder_optional',
  context: 'com_endpoint_placeholder_optional',
};
