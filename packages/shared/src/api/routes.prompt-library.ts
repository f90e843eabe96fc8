import { z } from 'zod';
import {
  promptEntrySchema,
  promptLibraryPageSchema,
  promptLibraryQuerySchema,
} from '../prompt-library/prompt-library.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { signedIn } from './route-parts';

/** The prompt library (docs/reference/prompt-library.md (Listing and searching)). */
export const PROMPT_LIBRARY_ROUTES = {
  listPromptLibrary: signedIn('Prompt library', 'The prompt library: the whole list, or a searched page', {
    query: promptLibraryQuerySchema,
    responses: { 200: z.union([z.array(promptEntrySchema), promptLibraryPageSchema]) },
    errors: { 400: 'pageNumber or pageSize is not a whole number in range, or q is over 200 characters.' },
    description:
      'Without `q`, `pageNumber` and `pageSize` the answer is the plain list of `{id, title, promptPrefix, tags}`; ' +
      'with any of them it is `{entries, pageNumber, pageSize, total, pages}`, 8 a page unless `pageSize` says. ' +
      "The set is the user's language: `lang`, else Accept-Language (any `zh` is Chinese, else English).",
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
