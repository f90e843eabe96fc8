import { IMAGE_MIME_TYPES } from '@parley/shared';

/**
 * The headers a downloaded file is served with: as inert data, its sniffed type, no MIME sniffing, a sandboxing
 * CSP, and downloaded rather than shown unless it is one of the accepted image types.
 */
export function downloadHeaders(file: { type: string; filename: string }): Record<string, string> {
  const inline = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
  return {
    'content-type': file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type,
    'x-content-type-options': 'nosniff',
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.filename),
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=3600',
    vary: 'Authorization',
  };
}

/** RFC 6266: an ASCII fallback name and the exact name as UTF-8 (RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
