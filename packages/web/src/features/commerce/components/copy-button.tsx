import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonBase } from '../../../components/ui/button';
import { useCopyText } from '../../clipboard/use-copy-text';

/** How long "Copied" shows after a copy (docs/reference/commerce.md (The web's commerce screens)). */
export const COPY_FEEDBACK_MS = 2000;

/** A Copy button that says "Copied" for two seconds; `label` names what it copies for screen readers. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyText(COPY_FEEDBACK_MS);
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={() => void copy(text)}
      aria-label={copied ? t('com_commerce_copied') : label}
      className={`${buttonBase} h-9 shrink-0 border border-zinc-300 bg-white px-3 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`}
    >
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite">{copied ? t('com_commerce_copied') : t('com_commerce_copy')}</span>
    </button>
  );
}
