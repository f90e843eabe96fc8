import { z } from 'zod';
import { MAX_RESULT_COUNT } from './format';

/** The input every web search tool takes from the model. */
export const searchInput = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(400)
    .describe('What to search for, as you would type it into a search box.'),
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESULT_COUNT)
    .optional()
    .describe('How many results to return (default 5).'),
});

export type SearchInput = z.infer<typeof searchInput>;

/** What a search tool's description tells the model about when to use it. */
export const WHEN_TO_SEARCH =
  'Use it for recent events, facts that change (prices, releases, schedules), anything after your training data, ' +
  'or to check a claim you are unsure of; cite the URLs of the results you use. ' +
  'It returns numbered results, each a title, URL and snippet.';
