import type { Nodes, Paragraph, Root, Text } from 'mdast';

type Parent = Extract<Nodes, { children: unknown[] }>;

// Blocks whose children are blocks: HTML there becomes a paragraph of its own; elsewhere it is inline text.
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Markdown renders no raw HTML (docs/reference/messages.md (Rendering)): every HTML node becomes literal text. A block
 * of HTML is kept as a paragraph (line breaks preserved) so it is spaced like the text around it. An image-creation
 * iframe, which some services embed, is shown as text too: no HTML is ever turned into elements.
 */
export function remarkHtmlAsText() {
  return (tree: Root) => {
    walk(tree);
  };
}

function walk(parent: Parent): void {
  const block = BLOCK_PARENTS.has(parent.type);
  parent.children = parent.children.map((child: Nodes) => {
    if (child.type === 'html') {
      const text: Text = { type: 'text', value: child.value };
      if (!block) return text;
      const paragraph: Paragraph = {
        type: 'paragraph',
        children: [text],
        data: { hProperties: { className: ['md-html'] } },
      };
      return paragraph;
    }
    if ('children' in child) walk(child);
    return child;
  }) as typeof parent.children;
}
