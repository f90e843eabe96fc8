import { z } from 'zod';
import { ToolError, type Tool, type ToolContext } from '../tool';
import { decodePage } from './page-charset';
import { fetchPage, type FetchedPage, type PageFetchLimits } from './page-fetch';
import { focusOnQuery } from './page-focus';
import { readableText } from './page-text';
import { tidy } from './plain-text';
import { cutToBudget } from './text-budget';

export interface PageReaderLimits extends PageFetchLimits {
  /** The most characters of page text the model gets. */
  maxChars: number;
}

export const DEFAULT_PAGE_READER_LIMITS: PageReaderLimits = {
  timeoutMs: 15_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  maxChars: 20_000,
};

const input = z.object({
  url: z.string().min(1).max(4096).describe('The http(s) address of the page to read.'),
  query: z
    .string()
    .max(500)
    .optional()
    .describe('What you are looking for on the page; a long page then keeps the parts that mention it.'),
});

type Kind = 'html' | 'text' | 'json';

/** What kind of body a content type is, or null for one the reader does not read (images, PDFs, archives). */
function kindOf(contentType: string): Kind | null {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/plain') return 'text';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  // A server that names no type: its start decides below.
  if (type === '') return 'html';
  return null;
}

/** The `web-browser` plugin: reads one page a model or user named, as text. */
export function createWebBrowserTool(limits: Partial<PageReaderLimits> = {}): Tool<z.infer<typeof input>> {
  const { maxChars, ...fetchLimits } = { ...DEFAULT_PAGE_READER_LIMITS, ...limits };
  return {
    key: 'web-browser',
    description:
      'Read a web page and bring back its title and main text (menus and scripts left out). Give the full http(s) ' +
      'URL, and a query when you look for something in particular on a long page.',
    input,
    async run({ url, query }, ctx) {
      const start = parseUrl(url);
      let lastHost = '';
      const page = await fetchPage(start, {
        ...fetchLimits,
        fetch: ctx.guardedFetch,
        signal: ctx.signal,
        wanted: (type) => kindOf(type) !== null,
        onHop: (hop) => {
          if (hop.host !== lastHost) ctx.progress(`Reading ${hop.host}…`);
          lastHost = hop.host;
        },
      });
      return { output: await answer(page, query, maxChars, ctx) };
    },
  };
}

export const webBrowserTool = createWebBrowserTool();

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new ToolError(`"${url}" is not a URL; give the full address, starting with https://`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ToolError(`Only http and https pages can be read, not ${parsed.protocol}`);
  return parsed;
}

async function answer(page: FetchedPage, query: string | undefined, maxChars: number, ctx: ToolContext) {
  const head = [`URL: ${page.url.href}`];
  const kind = kindOf(page.contentType);
  if (!page.body || kind === null)
    return [
      ...head,
      `The page is ${page.contentType || 'of no stated type'}, which the page reader does not read.`,
    ].join('\n');
  const raw = decodePage(page.body, page.contentType, kind === 'html');
  ctx.signal.throwIfAborted();
  const { title, text } = await textOf(raw, kind);
  if (title) head.unshift(`Title: ${title}`);
  const notes: string[] = [];
  if (page.truncated) notes.push(`Only the first ${page.body.byteLength} bytes of the page were read.`);
  let body = text;
  if (text.length > maxChars) {
    const focused = query ? focusOnQuery(text, query, maxChars) : null;
    body = focused ?? cutToBudget(text, maxChars).text;
    notes.push(
      focused
        ? `The page's text is ${text.length} characters; only the parts that mention "${query}" are kept ([…] marks what was left out).`
        : `The page's text is ${text.length} characters; it was cut after ${body.length}.`,
    );
  }
  if (!body) notes.push('The page has no readable text.');
  return [...head, ...notes.map((n) => `[${n}]`), '', body].join('\n').trimEnd();
}

async function textOf(raw: string, kind: Kind): Promise<{ title: string; text: string }> {
  if (kind === 'json') return { title: '', text: prettyJson(raw) };
  // A page served with no type is read as HTML only when it looks like markup.
  if (kind === 'text' || !/^\s*</.test(raw)) return { title: '', text: tidy(raw) };
  return readableText(raw);
}

function prettyJson(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    // Cut short by the size limit, or not JSON after all: the text as it came.
    return raw.trim();
  }
}
