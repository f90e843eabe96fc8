import { matchPath } from 'react-router';

/** What the sidebar needs of the URL: the open conversation id, or the search query on /search/…. */
export interface RouteState {
  /** The id in /c/:id or /chat/:id ('new' included); undefined elsewhere. */
  conversationId?: string;
  /** The decoded query on /search/:query; '' on /search/; undefined elsewhere. */
  searchQuery?: string;
}

// location.pathname keeps the percent-encoding; a malformed escape is shown as typed rather than thrown.
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Reads the chat and search routes (docs/reference/settings-and-ui.md (Routes)) from a pathname. */
export function routeState(pathname: string): RouteState {
  for (const pattern of ['/c/:conversationId?', '/chat/:conversationId?']) {
    const match = matchPath(pattern, pathname);
    if (match) return { conversationId: decode(match.params.conversationId ?? 'new') };
  }
  const search = matchPath('/search/:query?', pathname);
  if (search) return { searchQuery: decode(search.params.query ?? '') };
  return {};
}

/** The path of a search; an empty (or blank) query goes to /c/new (docs/reference/settings-and-ui.md (Routes)). */
export function searchPath(query: string): string {
  const q = query.trim();
  return q ? `/search/${encodeURIComponent(q)}` : '/c/new';
}
