/** Document title: the conversation title, else the app title, else the fallback ('Chat') (spec 1 §2). */
export function documentTitle(
  conversationTitle: string | null | undefined,
  appTitle: string | null | undefined,
  fallback: string,
): string {
  return conversationTitle?.trim() || appTitle?.trim() || fallback;
}
