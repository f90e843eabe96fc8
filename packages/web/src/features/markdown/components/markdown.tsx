import { lazy, Suspense } from 'react';

// The renderer (react-markdown, GFM, the highlighter and its grammars) is its own chunk, out of the initial
// JavaScript of /c/new (docs/architecture.md (Performance budgets)); KaTeX is a further chunk, loaded only for texts
// that hold maths.
const loadRenderer = () => import('./markdown-renderer');
const MarkdownRenderer = lazy(loadRenderer);

/** Starts loading the renderer early (e.g. when a conversation opens), so messages rarely show the fallback. */
export function preloadMarkdown(): void {
  void loadRenderer().catch(() => undefined);
}

/** Shared by the fallback and the rendered markdown, so the swap moves as little as possible. */
const TYPOGRAPHY = 'markdown min-w-0 text-[15px] leading-7 break-words text-zinc-800 dark:text-zinc-100';

/**
 * Renders a message's markdown: GFM, highlighted code blocks with a copy button, and LaTeX when `latex`
 * is on. No raw HTML is ever rendered (docs/reference/messages.md (Rendering)): HTML in the text shows as text. Until
 * the renderer's chunk has loaded, the plain text shows in the same typography.
 */
export function Markdown({
  text,
  latex = false,
  imageCreation = false,
}: {
  text: string;
  latex?: boolean;
  /** A bingAI reply: its image-creation iframe renders (docs/reference/messages.md (Rendering)). */
  imageCreation?: boolean;
}) {
  return (
    <div className={TYPOGRAPHY}>
      <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
        <MarkdownRenderer text={text} latex={latex} imageCreation={imageCreation} />
      </Suspense>
    </div>
  );
}
