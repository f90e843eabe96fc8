import { use, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown from 'react-markdown';
import { addLazyTexts } from '../../i18n/lazy-texts';
import '../markdown.css';
import { splitBlocks } from '../markdown-blocks';
import { selectPlugins, type MarkdownPlugins } from '../markdown-plugins';
import { imageCreationSource } from '../image-creation-embed';
import { mayContainMath, normalizeMath } from '../math-text';
import { useMathPlugins } from '../use-math-plugins';
import { markdownComponents } from './markdown-components';

// The names of code blocks, tables and formulas come with the renderer's chunk.
const renderTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../../locales/lazy/*/render.json', { import: 'default' }),
);

interface MarkdownRendererProps {
  text: string;
  latex: boolean;
  /** A bingAI reply: its first image-creation iframe renders (image-creation-embed.ts). */
  imageCreation?: boolean;
}

/** The block that holds the message's image-creation iframe, when one qualifies: the first such block only. */
const embedBlock = (blocks: string[]): number =>
  blocks.findIndex((block) => block.split(/\n\s*\n/).some((part) => imageCreationSource(part) !== null));

/**
 * The full renderer, loaded lazily by `Markdown`. The text is cut into top-level blocks, each memoised on its
 * source: while a reply streams, only its last block is parsed and rendered again.
 */
function MarkdownRenderer({ text, latex, imageCreation = false }: MarkdownRendererProps) {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(renderTexts);
  const { t } = useTranslation();
  const math = useMathPlugins(latex && mayContainMath(text));
  const mathLabel = t('com_ui_render_formula');
  const plugins = useMemo(() => selectPlugins(math, mathLabel), [math, mathLabel]);
  const blocks = useMemo(() => {
    const source = latex ? normalizeMath(text) : text;
    return splitBlocks(source, { math: latex });
  }, [text, latex]);
  const embedAt = imageCreation ? embedBlock(blocks) : -1;
  const embedTitle = t('com_ui_render_image_creation');
  const embedPlugins = useMemo(
    () => (embedAt >= 0 ? selectPlugins(math, mathLabel, embedTitle) : null),
    [embedAt, math, mathLabel, embedTitle],
  );
  // Index keys: blocks before the last never change while text is appended.
  return blocks.map((block, i) => (
    <MarkdownBlock key={i} source={block} plugins={i === embedAt && embedPlugins ? embedPlugins : plugins} />
  ));
}

// Memoised: the list renders every visible message again on each delta of the one that streams.
export default memo(MarkdownRenderer);

const MarkdownBlock = memo(function MarkdownBlock({
  source,
  plugins,
}: {
  source: string;
  plugins: MarkdownPlugins;
}) {
  return (
    <ReactMarkdown
      remarkPlugins={plugins.remarkPlugins}
      rehypePlugins={plugins.rehypePlugins}
      components={markdownComponents}
    >
      {source}
    </ReactMarkdown>
  );
});
