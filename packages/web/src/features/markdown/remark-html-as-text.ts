import type { Nodes, Paragraph, Root, Text } from 'mdast';
import { imageCreationSource } from './image-creation-embed';

type Parent = Extract<Nodes, { children: unknown[] }>;

// Blocks whose children are blocks: HTML there becomes a paragraph of its own; elsewhere it is inline text.
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

export interface HtmlAsTextOptions {
  /**
   * Where a bingAI reply's image-creation iframe may render (image-creation-embed.ts): the first block of HTML that
   * qualifies becomes an iframe named `title`; every other piece of HTML stays text. Absent: all HTML is text.
   */
  imageCreation?: { title: string };
}

/**
 * Markdown renders no raw HTML (docs/reference/messages.md (Rendering)): every HTML node becomes literal text. A block
 * of HTML is kept as a paragraph (line breaks preserved) so it is spaced like the text around it. The one exception
 * is a bingAI reply's image-creation iframe (`imageCreation`), rebuilt from its address alone.
 */
export function remarkHtmlAsText(options: HtmlAsTextOptions = {}) {
  return (tree: Root) => {
    walk(tree, { embed: options.imageCreation ?? null });
  };
}

function walk(parent: Parent, state: { embed: { title: string } | null }): void {
  const block = BLOCK_PARENTS.has(parent.type);
  parent.children = parent.children.map((child: Nodes) => {
    if (child.type === 'html') {
      const src = block && state.embed ? imageCreationSource(child.value) : null;
      if (src && state.embed) {
        const title = state.embed.title;
        // One per message: the renderer offers it to one block, and here to that block's first.
        state.embed = null;
        const frame: Paragraph = {
          type: 'paragraph',
          children: [],
          data: {
            hName: 'iframe',
            hProperties: {
              src,
              role: 'presentation',
              title,
              className: ['md-embed'],
              loading: 'lazy',
              referrerPolicy: 'no-referrer',
              sandbox: ['allow-scripts', 'allow-same-origin', 'allow-popups'],
            },
          },
        };
        return frame;
      }
      const text: Text = { type: 'text', value: child.value };
      if (!block) return text;
      const paragraph: Paragraph = {
        type: 'paragraph',
        children: [text],
        data: { hProperties: { className: ['md-html'] } },
      };
      return paragraph;
    }
    if ('children' in child) walk(child, state);
    return child;
  }) as typeof parent.children;
}
