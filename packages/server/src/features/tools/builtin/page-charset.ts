/**
 * The text of a page's bytes, in the encoding the page declares: a byte-order mark, else the Content-Type's
 * `charset`, else (for HTML) a `<meta>` charset near the top, else UTF-8. Many Chinese pages are GBK or GB18030 and
 * say so only in the meta tag, so that one matters.
 */
export function decodePage(bytes: Uint8Array, contentType: string, html: boolean): string {
  const label =
    bomEncoding(bytes) ?? charsetParam(contentType) ?? (html ? metaCharset(bytes) : null) ?? 'utf-8';
  return decode(label, bytes);
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function charsetParam(contentType: string): string | null {
  return /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType)?.[1] ?? null;
}

/** How far into the page a meta charset is looked for; browsers look at the first 1024 bytes, some pages need more. */
const META_SCAN_BYTES = 4096;

function metaCharset(bytes: Uint8Array): string | null {
  // Every encoding a page may declare keeps ASCII as ASCII, so the tag can be read before the encoding is known.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, META_SCAN_BYTES));
  const label = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ?? null;
  // A page cannot truly be UTF-16 if its tag could be read as ASCII: browsers take UTF-8 then.
  return label && /^utf-?16/i.test(label) ? 'utf-8' : label;
}

function decode(label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label.trim().toLowerCase()).decode(bytes);
  } catch {
    // An unknown label: UTF-8 reads most pages, and a wrong guess only garbles letters, never fails the read.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
