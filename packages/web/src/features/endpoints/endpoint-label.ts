/** i18n keys of the built-in endpoints' display names. */
const BUILT_IN_LABELS: Record<string, string> = {
  openAI: 'com_endpoint_openai',
  azureOpenAI: 'com_endpoint_azure',
  google: 'com_endpoint_google',
  anthropic: 'com_endpoint_anthropic',
  gptPlugins: 'com_endpoint_plugins',
  assistants: 'com_endpoint_assistants',
  bingAI: 'com_endpoint_bing',
  chatGPTBrowser: 'com_endpoint_chatgpt',
};

/**
 * The menu name of an endpoint: a built-in one's display name (translated by `t`), a custom one's own
 * name, which the operator chose for the menu (its modelDisplayLabel names the model's replies instead).
 */
export function endpointLabel(endpoint: string, t: (key: string) => string): string {
  const key = BUILT_IN_LABELS[endpoint];
  return key ? t(key) : endpoint;
}
