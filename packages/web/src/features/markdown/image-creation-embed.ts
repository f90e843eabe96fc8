import { IMAGE_CREATION_HOSTS, IMAGE_CREATION_PATH } from '@parley/shared';

/**
 * The one kind of HTML a reply may render (docs/reference/messages.md (Rendering)): a Bing image-creation iframe,
 * as the bingAI service embeds the pictures it draws. An HTML block qualifies when it is exactly one `<iframe>`
 * element with `role="presentation"`, an `https` address on Bing (`bing.com`, `www.bing.com`, `cn.bing.com`)
 * under `/images/create`, and no markup at all inside it (so none of script, img, style, div, a, input, button
 * or form). Only its address is taken: the element is rebuilt with Parley's own attributes, never the reply's.
 */

const BING_HOSTS = new Set(IMAGE_CREATION_HOSTS);
const IFRAME = /^\s*<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>([^]*?)<\/iframe\s*>\s*$/i;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The address of a qualifying image-creation iframe, or null for any other HTML. */
export function imageCreationSource(html: string): string | null {
  const match = IFRAME.exec(html);
  if (!match) return null;
  const [, attributeText = '', inner = ''] = match;
  if (inner.includes('<') || /<iframe\b/i.test(inner)) return null;
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of attributeText.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    // A repeated attribute is refused rather than guessed at.
    if (attributes.has(key)) return null;
    attributes.set(key, decodeEntities(double ?? single ?? bare ?? ''));
  }
  if (attributes.get('role') !== 'presentation') return null;
  const src = attributes.get('src');
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !BING_HOSTS.has(url.hostname) || url.username || url.password) return null;
  // Below the path, as the page's frame-src allows it (security-headers.ts).
  if (url.port !== '' || !url.pathname.startsWith(`${IMAGE_CREATION_PATH}/`)) return null;
  return url.href;
}

/** The entities an attribute value may carry in practice; anything else stays as written. */
function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
