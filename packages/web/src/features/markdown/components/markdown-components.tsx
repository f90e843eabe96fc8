import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Components } from 'react-markdown';
import type { Element, ElementContent } from 'hast';
import { CodeBlock } from './code-block';
import { MarkdownImage } from './markdown-image';

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** The fenced block's `<code>` child, its language (from `language-x`) and its text. */
function fencedCode(pre: Element | undefined): { language: string | null; code: string } {
  const code = pre?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const language = Array.isArray(classes)
    ? (classes
        .map(String)
        .find((c) => c.startsWith('language-'))
        ?.slice('language-'.length) ?? null)
    : null;
  // CommonMark keeps the newline before the closing fence; the block should not end in an empty line.
  const text = code ? code.children.map(textOf).join('') : '';
  return { language, code: text.endsWith('\n') ? text.slice(0, -1) : text };
}

/** How react-markdown's elements render: code blocks with a header, links in a new tab, scrollable tables. */
export const markdownComponents: Components = {
  pre({ node }) {
    const { language, code } = fencedCode(node);
    return <CodeBlock language={language} code={code} />;
  },
  a({ node: _node, href, children, ...props }) {
    // No address left: an unsafe one (`javascript:`) was dropped, or there was none. An `<a href="">` would open this
    // page again in a new tab, so the words show as text.
    if (!href) return <span>{children}</span>;
    return (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  table({ node: _node, ...props }) {
    return <ScrollingTable {...props} />;
  },
  // Remote images wait for a click: see MarkdownImage.
  img({ node: _node, ...props }) {
    return <MarkdownImage {...props} />;
  },
};

/** A table in a box that scrolls sideways: focusable and named, so the keyboard can scroll it too. */
function ScrollingTable(props: ComponentProps<'table'>) {
  const { t } = useTranslation();
  return (
    <div className="md-table" tabIndex={0} role="group" aria-label={t('com_ui_render_table')}>
      <table {...props} />
    </div>
  );
}
