import { plainText } from './plain-text';

export interface PageText {
  title: string;
  text: string;
}

const libraries = () => Promise.all([import('linkedom'), import('@mozilla/readability')]);
let loading: ReturnType<typeof libraries> | undefined;

/** Loaded on the first page read: a server whose users never read pages does not hold a DOM in memory. */
const load = () => (loading ??= libraries());

/**
 * The readable text of an HTML page: the main content as Readability finds it (menus, footers and ads left out),
 * else the whole body's text. No markup ever reaches the answer: only text nodes are read, scripts and styles skipped.
 */
export async function readableText(html: string): Promise<PageText> {
  const [{ parseHTML }, { Readability }] = await load();
  const { document } = parseHTML(html);
  const title = collapse(document.title ?? '');
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document).parse();
  } catch {
    // A page Readability cannot handle is still read, as its whole body.
  }
  if (article?.content) {
    const main = parseHTML(article.content).document;
    const text = plainText(main.documentElement);
    if (text) return { title: collapse(article.title ?? '') || title, text };
  }
  // Readability changed the first document; the whole page is parsed again.
  const whole = parseHTML(html).document;
  return { title, text: plainText(whole.body ?? whole.documentElement) };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
