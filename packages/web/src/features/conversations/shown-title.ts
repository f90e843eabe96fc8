import { DEFAULT_TITLE } from '@parley/shared';

/**
 * A conversation's title as the user reads it: the stored default (`New Chat`, English, kept while a chat has no
 * title yet, as after a failed first reply) in the user's language, any other title as it is.
 */
export const shownTitle = (title: string | null | undefined, newChat: string): string =>
  !title || title === DEFAULT_TITLE ? newChat : title;
