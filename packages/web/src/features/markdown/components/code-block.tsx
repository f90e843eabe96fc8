import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { useCopyText } from '../../clipboard/use-copy-text';
import { hastToReact } from '../hast-to-react';
import { highlighter, highlightLanguage } from '../highlighter';

/** How long the copy button says "Copied" (docs/reference/messages.md (Rendering)). */
const COPIED_MS = 2500;

interface CodeBlockProps {
  /** The fence's info word (`ts`, `python`), if any. */
  language: string | null;
  code: string;
}

/**
 * A fenced code block: a header with the language and a copy button, then the highlighted code, scrolling
 * sideways rather than wrapping. Memoised on its props, so a finished block is not highlighted again while the
 * rest of a reply streams.
 */
export const CodeBlock = memo(function CodeBlock({ language, code }: CodeBlockProps) {
  const { t } = useTranslation();
  const registered = highlightLanguage(language);
  const content = useMemo(
    () => (registered ? hastToReact(highlighter.highlight(registered, code)) : code),
    [registered, code],
  );
  return (
    <div className="md-code" data-language={language ?? undefined}>
      <div className="md-code-header">
        <span className="truncate font-mono">{language || t('com_ui_render_code')}</span>
        <CopyButton code={code} />
      </div>
      {/* Focusable and named, so a keyboard can scroll a long line into view; a group, not a landmark region
          (docs/decisions.md (Code blocks and tables take the focus)). */}
      <pre
        tabIndex={0}
        role="group"
        aria-label={language ? t('com_ui_render_code_named', { language }) : t('com_ui_render_code')}
      >
        <code className={registered ? `hljs language-${registered}` : undefined}>{content}</code>
      </pre>
    </div>
  );
});

function CopyButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyText(COPIED_MS);
  const label = copied ? t('com_ui_render_copied') : t('com_ui_render_copy_code');
  return (
    <button type="button" onClick={() => void copy(code)} aria-label={label} className="md-code-copy">
      {copied ? (
        <Check aria-hidden="true" className="size-3.5" />
      ) : (
        <Copy aria-hidden="true" className="size-3.5" />
      )}
      <span aria-hidden="true">{label}</span>
      <span className="sr-only" aria-live="polite">
        {copied ? label : ''}
      </span>
    </button>
  );
}
