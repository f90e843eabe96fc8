/**
 * Where a reply's image comes from, which decides whether it may load by itself. A model's reply can be steered
 * by text it read (prompt injection) into an image whose address carries the conversation out, so only images
 * the app serves (its file routes) and inline data show at once; any other host waits for the user's click.
 */
export type ImageSource =
  /** `src` is the path (and query) on this origin, fetched with the user's token. */
  | { kind: 'own'; src: string }
  | { kind: 'inline'; src: string }
  | { kind: 'remote'; src: string; host: string }
  | { kind: 'insecure'; src: string; host: string }
  | { kind: 'none' };

/** The app's own file route (`/api/files/download/{id}`): the user's uploads, readable by their owner only. */
const OWN_IMAGE_PATH = /^\/api\/files\/download\//;

/**
 * Sorts an image address. `origin` is the page's; the app's file route is `own`. An https address elsewhere is `remote` (loaded on a click);
 * an http one elsewhere is `insecure`, never loaded (the page's policy allows remote images over https only).
 * Same-origin addresses outside the file routes count as remote too: an image request to another API path
 * should not happen without the user's say either.
 */
export function classifyImageSource(src: string | undefined | null, origin: string): ImageSource {
  const value = src?.trim();
  if (!value) return { kind: 'none' };
  if (/^(data:image\/|blob:)/i.test(value)) return { kind: 'inline', src: value };
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  if (url.origin === origin && OWN_IMAGE_PATH.test(url.pathname))
    return { kind: 'own', src: url.pathname + url.search };
  if (url.protocol === 'http:' && url.origin !== origin)
    return { kind: 'insecure', src: url.href, host: url.host };
  return { kind: 'remote', src: url.href, host: url.host };
}
