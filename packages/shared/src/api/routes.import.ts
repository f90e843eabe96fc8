import { z } from 'zod';
import { importJobSchema, importStartedSchema } from '../conversations/conversation-import.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { id, signedIn } from './route-parts';

/** Importing conversations (docs/reference/import.md (Importing conversations)): start a job, then poll it. */
export const IMPORT_ROUTES = {
  importConversations: signedIn(
    'Conversations',
    'Import conversations from a ChatGPT, LibreChat or Parley export',
    {
      form: z.object({ file: z.string().describe('The export file, JSON (binary), at most 50 MB.') }),
      responses: { 202: importStartedSchema },
      errors: {
        400: 'No file, an empty file, or one that is not JSON',
        413: 'The file is larger than 50 MB',
      },
      description:
        'Answers 202 with a job id at once; the file is read in the background (poll ' +
        '`GET /api/convos/import/jobs/{jobId}`). A file found malformed while it is read fails the job, and nothing ' +
        'of it is kept.',
    },
  ),
  getImportJob: signedIn('Conversations', "An import job's progress", {
    params: z.object({ jobId: id }),
    responses: { 200: importJobSchema },
    errors: { 404: "No such job of the user's (another user's job is 404 too)" },
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
