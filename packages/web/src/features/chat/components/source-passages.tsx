import type { Citation } from '@parley/shared';

/**
 * Passages found in knowledge files: each under its file's name and place, its text wrapping (never scrolling
 * sideways, so a phone reads it whole). A passage is a file's text: plain text only.
 */
export function SourcePassages({ citations, label }: { citations: readonly Citation[]; label: string }) {
  return (
    <div className="min-w-0">
      <div className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</div>
      <ol data-testid="step-citations" className="flex flex-col gap-2">
        {citations.map((citation, i) => (
          <li key={i} className="min-w-0 rounded-lg bg-white p-2 dark:bg-zinc-950">
            <Passage filename={citation.filename} where={citation.where} text={citation.text} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One passage: the file (and place) it came from, then its words. */
export function Passage({ filename, where, text }: { filename?: string; where?: string; text: string }) {
  return (
    <>
      {(filename || where) && (
        <p className="text-xs font-medium break-words text-zinc-700 dark:text-zinc-300">
          {[filename, where].filter(Boolean).join(' · ')}
        </p>
      )}
      <p className="mt-0.5 text-sm leading-6 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
        {text}
      </p>
    </>
  );
}
