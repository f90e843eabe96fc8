import type { Options } from 'react-markdown';
import type rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import type remarkMath from 'remark-math';
import { rehypeFocusableMath } from './rehype-focusable-math';
import { remarkDisplayDollars } from './remark-display-dollars';
import { rehypeTaskListLabels } from './rehype-task-list-labels';
import { remarkHtmlAsText } from './remark-html-as-text';

type PluginList = NonNullable<Options['remarkPlugins']>;

/** The maths plugins, loaded in their own chunk (with KaTeX and its CSS) only when a text needs them. */
export interface MathPlugins {
  remarkMath: typeof remarkMath;
  rehypeKatex: typeof rehypeKatex;
}

export interface MarkdownPlugins {
  remarkPlugins: PluginList;
  rehypePlugins: PluginList;
}

/**
 * GFM always (tables, strikethrough, task lists, autolinks); remark-math and KaTeX only when LaTeX parsing is
 * on and the maths chunk is loaded (`$$…$$` on one line made a display block: remark-display-dollars.ts). No rehype-raw: HTML in a message is turned into text, never rendered. Task-list
 * boxes are named by their item's text (rehype-task-list-labels.ts); display formulas are tab stops named
 * `mathLabel` (rehype-focusable-math.ts).
 */
export function selectPlugins(
  math: MathPlugins | null,
  mathLabel = 'Formula',
  imageCreationTitle: string | null = null,
): MarkdownPlugins {
  // A bingAI reply's block that holds its image-creation iframe (remark-html-as-text.ts).
  const html: PluginList[number] = imageCreationTitle
    ? [remarkHtmlAsText, { imageCreation: { title: imageCreationTitle } }]
    : remarkHtmlAsText;
  if (!math) return { remarkPlugins: [remarkGfm, html], rehypePlugins: [rehypeTaskListLabels] };
  return {
    remarkPlugins: [remarkGfm, html, [math.remarkMath, { singleDollarTextMath: true }], remarkDisplayDollars],
    rehypePlugins: [
      rehypeTaskListLabels,
      [math.rehypeKatex, { throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' }],
      [rehypeFocusableMath, { label: mathLabel }],
    ],
  };
}
