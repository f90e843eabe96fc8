import { z } from 'zod';

/**
 * One credential a plugin needs (docs/reference/tools.md). `authField` is the environment variable an operator sets
 * for everyone, and the key a user's own value is saved under; `A||B` means either name is read, the first set wins,
 * and a user's value is saved under the whole `A||B`, as LibreChat's clients send it.
 */
export const pluginAuthFieldSchema = z.object({
  authField: z.string(),
  label: z.string(),
  description: z.string(),
});
export type PluginAuthField = z.infer<typeof pluginAuthFieldSchema>;

/**
 * A plugin as `GET /api/plugins` lists it, in LibreChat v0.6.10's field names, so its client reads Parley's store.
 * `authenticated` says whether this user can use it now: the operator set every field, or the user saved them.
 */
export const pluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string(),
  authConfig: z.array(pluginAuthFieldSchema),
  authenticated: z.boolean().optional(),
});
export type Plugin = z.infer<typeof pluginSchema>;

/** The built-in plugins, before any MCP server's tools; keys and env names are LibreChat's where it has the tool. */
export const BUILTIN_PLUGINS: readonly Omit<Plugin, 'authenticated'>[] = [
  {
    name: 'Calculator',
    pluginKey: 'calculator',
    description: 'Perform simple and complex mathematical calculations.',
    icon: '/assets/plugins/calculator.svg',
    authConfig: [],
  },
  {
    name: 'SearXNG',
    pluginKey: 'searxng_search',
    description: 'Search the web through a SearXNG instance the operator runs.',
    icon: '/assets/plugins/searxng.svg',
    authConfig: [
      {
        authField: 'SEARXNG_INSTANCE_URL',
        label: 'SearXNG instance URL',
        description: 'The address of a SearXNG instance with its JSON format enabled.',
      },
    ],
  },
  {
    name: 'Google',
    pluginKey: 'google',
    description: 'Use Google Search to find information about the weather, news, sports, and more.',
    icon: '/assets/plugins/google.svg',
    authConfig: [
      {
        authField: 'GOOGLE_CSE_ID',
        label: 'Google CSE ID',
        description: 'The ID of your Google Programmable Search Engine.',
      },
      {
        authField: 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY',
        label: 'Google API Key',
        description: 'A Google API key with the Custom Search JSON API enabled.',
      },
    ],
  },
  {
    name: 'Tavily Search',
    pluginKey: 'tavily_search_results_json',
    description: 'A search API built for AI agents: relevant results with their content.',
    icon: '/assets/plugins/tavily.svg',
    authConfig: [
      { authField: 'TAVILY_API_KEY', label: 'Tavily API Key', description: 'Your Tavily API key.' },
    ],
  },
  {
    name: 'Serpapi',
    pluginKey: 'serpapi',
    description: 'SerpApi is a real-time API to access search engine results.',
    icon: '/assets/plugins/serpapi.svg',
    authConfig: [
      {
        authField: 'SERPAPI_API_KEY',
        label: 'Serpapi Private API Key',
        description: 'Your SerpApi private key.',
      },
    ],
  },
  {
    name: 'Bocha Search',
    pluginKey: 'bocha_search',
    description: 'Web search from Bocha AI, available in mainland China.',
    icon: '/assets/plugins/bocha.svg',
    authConfig: [
      { authField: 'BOCHA_API_KEY', label: 'Bocha API Key', description: 'Your Bocha AI API key.' },
    ],
  },
  {
    name: 'Browser',
    pluginKey: 'web-browser',
    description: 'Read a web page and bring back its text.',
    icon: '/assets/plugins/web-browser.svg',
    authConfig: [],
  },
  {
    name: 'DALL-E-3',
    pluginKey: 'dalle',
    description: 'Create realistic images and art from a description in natural language.',
    icon: '/assets/plugins/dalle.svg',
    authConfig: [
      {
        authField: 'DALLE3_API_KEY||DALLE_API_KEY',
        label: 'OpenAI API Key',
        description: 'An OpenAI API key that may use the images API.',
      },
    ],
  },
  {
    name: 'Stable Diffusion',
    pluginKey: 'stable-diffusion',
    description: 'Generate photo-realistic images given any text input.',
    icon: '/assets/plugins/stable-diffusion.svg',
    authConfig: [
      {
        authField: 'SD_WEBUI_URL',
        label: 'Stable Diffusion WebUI API URL',
        description: 'The address of a Stable Diffusion WebUI started with its API enabled.',
      },
    ],
  },
  {
    name: 'Wolfram',
    pluginKey: 'wolfram',
    description: 'Computation, math, curated knowledge and real-time data through Wolfram|Alpha.',
    icon: '/assets/plugins/wolfram.svg',
    authConfig: [
      { authField: 'WOLFRAM_APP_ID', label: 'Wolfram App ID', description: 'Your Wolfram|Alpha AppID.' },
    ],
  },
];

/** The environment variable names an `authField` stands for (`A||B`: A, then B). */
export const authFieldNames = (authField: string): string[] =>
  authField
    .split('||')
    .map((name) => name.trim())
    .filter(Boolean);
