import { highlightSegments } from '../search-results';

/** Text with the query's matches in <mark>. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightSegments(text, query).map((segment, i) =>
        segment.match ? (
          <mark
            key={i}
            className="rounded-sm bg-amber-200/80 px-0.5 text-inherit dark:bg-amber-400/30 dark:text-amber-50"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
