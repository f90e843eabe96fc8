import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, FileText } from 'lucide-react';
import type { ReplySource } from '../assistant-steps';
import { Passage } from './source-passages';

/**
 * Where a reply's answer came from: the knowledge files its retrieval found passages in, one line each (its name and
 * places) that opens to the passages. One column of wrapping text, so it reads on a phone.
 */
export function ReplySources({ sources }: { sources: readonly ReplySource[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      data-testid="reply-sources"
      aria-labelledby={titleId}
      className="mt-3 min-w-0 rounded-xl border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <p id={titleId} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {t('com_ui_step_sources')}
      </p>
      <ol className="mt-1 flex flex-col">
        {sources.map((source, i) => (
          <li key={source.fileId} className="min-w-0">
            <details className="group/source">
              <summary className="-mx-1.5 flex cursor-pointer list-none items-start gap-2 rounded-lg px-1.5 py-1 text-sm leading-6 text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-200 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden">
                <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{i + 1}.</span>
                <FileText
                  className="mt-1 size-4 shrink-0 text-teal-700 dark:text-teal-400"
                  aria-hidden="true"
                />
                <span className="min-w-0 break-words">
                  <span className="font-medium">{source.filename}</span>
                  {placesOf(source) && (
                    <span className="text-zinc-500 dark:text-zinc-400"> · {placesOf(source)}</span>
                  )}
                </span>
                <ChevronRight
                  className="mt-1.5 size-3.5 shrink-0 text-zinc-500 transition-transform rtl:rotate-180 group-open/source:rotate-90 rtl:group-open/source:rotate-90 motion-reduce:transition-none dark:text-zinc-400"
                  aria-hidden="true"
                />
              </summary>
              <ul className="mt-1 mb-2 ms-6 flex flex-col gap-2 border-s-2 border-zinc-200 ps-3 dark:border-zinc-700">
                {source.passages.map((passage, j) => (
                  <li key={j} className="min-w-0">
                    <Passage where={passage.where} text={passage.text} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The places of a file the passages came from (`page 3, page 7`), each once. */
const placesOf = (source: ReplySource) =>
  [...new Set(source.passages.flatMap((p) => (p.where ? [p.where] : [])))].join(', ');
