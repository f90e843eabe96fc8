/** The address of a link's page (docs/reference/sharing.md (What a link shows)). */
export function shareUrl(shareId: string, origin: string = window.location.origin): string {
  return `${origin}/share/${encodeURIComponent(shareId)}`;
}
