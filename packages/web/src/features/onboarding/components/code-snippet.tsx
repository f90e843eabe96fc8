import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { useCopyText } from '../../clipboard/use-copy-text';

interface CodeSnippetProps {
  code: string;
  /** What the block configures (a provider's name), for the copy button's accessible name. */
  label: string;
}

/** A block of settings to paste into the server's environment, with a copy button. */
export function CodeSnippet({ code, label }: CodeSnippetProps) {
  const { t } = useTranslation();
  // The block stays selectable: after a refused copy (the hook says so) the user copies it by hand.
  const { copied, copy } = useCopyText(1500);

  return (
    <div className="relative min-w-0">
      {/* Focusable so a keyboard can scroll a line wider than the screen. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-teal-600 border border-zinc-200 bg-zinc-50 py-2.5 pe-11 ps-3 font-mono text-[13px] leading-relaxed text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={() => void copy(code)}
        aria-label={copied ? t('com_onboarding_copied') : t('com_onboarding_copy', { label })}
        title={copied ? t('com_onboarding_copied') : t('com_onboarding_copy', { label })}
        // Opaque, so a long line scrolled beneath it does not show through.
        className="absolute top-1.5 end-1.5 inline-flex size-7 items-center justify-center rounded-md bg-zinc-50 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:bg-zinc-950 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-50"
      >
        {copied ? <Check className="size-4 text-teal-700 dark:text-teal-400" /> : <Copy className="size-4" />}
      </button>
    </div>
  );
}
