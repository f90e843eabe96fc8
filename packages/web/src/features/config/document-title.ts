/**
 * Document title: the conversation title, else the app title, else the fallback ('Chat')
 * (docs/reference/settings-and-ui.md (Document title)).
 */
export function documentTitle(
  conversationTitle: string | null | undefined,
  appTitle: string | null | undefined,
  fallback: string,
): string {
  return conversationTitle?.trim() || appTitle?.trim() || fallback;
}
