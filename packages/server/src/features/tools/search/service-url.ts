/**
 * `path` under `base`, keeping a path the base already has (a SearXNG served under `/searx`), with `query` set.
 * URLSearchParams encodes the values as UTF-8, so a Chinese query reaches the service as it was written.
 */
export function serviceUrl(base: string, path: string, query: Readonly<Record<string, string>> = {}): URL {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}
