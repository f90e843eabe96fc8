import { createBochaSearchTool } from './bocha';
import { createGoogleSearchTool } from './google';
import { createSearxngSearchTool } from './searxng';
import { createSerpApiSearchTool } from './serpapi';
import { createTavilySearchTool } from './tavily';
import { createWolframTool } from './wolfram';

export {
  createBochaSearchTool,
  createGoogleSearchTool,
  createSearxngSearchTool,
  createSerpApiSearchTool,
  createTavilySearchTool,
  createWolframTool,
};
export type { ServiceOptions } from './service-http';

/** The web search and Wolfram|Alpha tools' factories, in the plugin catalogue's order; each builds its tool. */
export const searchTools = [
  createSearxngSearchTool,
  createGoogleSearchTool,
  createTavilySearchTool,
  createSerpApiSearchTool,
  createBochaSearchTool,
  createWolframTool,
] as const;
