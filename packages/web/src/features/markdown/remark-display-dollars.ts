import type { Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { InlineMath, Math } from 'mdast-util-math';
import type { VFile } from 'vfile';

type Parent = Extract<Nodes, { children: unknown[] }>;

/**
 * `$$…$$` is display maths, as `\[…\]` is (docs/reference/messages.md (Rendering)). remark-math makes a display
 * block only of `$$` on a line of its own with the formula on the lines after; models as often write `$$x^2$$` on
 * one line, alone or inside a sentence, which remark-math reads as inline maths (double dollars are inline
 * delimiters too) and which then rendered small, in the line. Runs after remark-math: each inline formula whose source
 * opens with `$$` leaves its paragraph and becomes a display block, centred and at display size; the text around it
 * stays as paragraphs before and after.
 */
export function remarkDisplayDollars() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '');
    walk(tree, (node) => {
      const offset = node.position?.start.offset;
      return offset !== undefined && source.startsWith('$$', offset);
    });
  };
}

function walk(parent: Parent, isDisplay: (node: InlineMath) => boolean): void {
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    if (child.type === 'paragraph' && child.children.some((c) => c.type === 'inlineMath' && isDisplay(c))) {
      children.push(...splitParagraph(child, isDisplay));
      continue;
    }
    // Headings, table cells and links keep their formulas inline: a display block cannot stand there.
    if ('children' in child && child.type !== 'paragraph') walk(child, isDisplay);
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

function splitParagraph(paragraph: Paragraph, isDisplay: (node: InlineMath) => boolean): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    const trimmed = trimRun(run);
    if (trimmed.length > 0) out.push({ type: 'paragraph', children: trimmed });
    run = [];
  };
  for (const child of paragraph.children) {
    if (child.type === 'inlineMath' && isDisplay(child)) {
      flush();
      out.push(displayMath(child.value));
    } else {
      run.push(child);
    }
  }
  flush();
  return out;
}

/** The text next to a formula that moved out loses the spaces and line break that separated them. */
function trimRun(run: PhrasingContent[]): PhrasingContent[] {
  const nodes = run.map((n) => ({ ...n }));
  const first = nodes[0];
  if (first?.type === 'text') first.value = first.value.replace(/^\s+/, '');
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.value = last.value.replace(/\s+$/, '');
  return nodes.filter((n) => n.type !== 'text' || n.value !== '');
}

/** A display block as remark-math makes one for `$$` on its own lines. */
function displayMath(value: string): Math {
  return {
    type: 'math',
    meta: null,
    value,
    data: {
      hName: 'pre',
      hChildren: [
        {
          type: 'element',
          tagName: 'code',
          properties: { className: ['language-math', 'math-display'] },
          children: [{ type: 'text', value }],
        },
      ],
    },
  };
}
