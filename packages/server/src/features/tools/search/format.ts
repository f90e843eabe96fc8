import { plainText } from './plain-text';

/** One result as every service's answer is reduced to it. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

/** How many results a search returns when the model does not say, and the most it may ask for. */
export const DEFAULT_RESULT_COUNT = 5;
export const MAX_RESULT_COUNT = 10;

/** Caps that keep one search from filling the model's context; the runtime caps again, this keeps results whole. */
const MAX_TITLE_CHARS = 200;
const MAX_SNIPPET_CHARS = 600;
const MAX_ANSWER_CHARS = 1000;
export const MAX_OUTPUT_CHARS = 6000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export interface FormatOptions {
  /** The service's name, said in the heading so the model knows where the results came from. */
  service: string;
  query: string;
  /** How many results to keep (DEFAULT_RESULT_COUNT when absent; never more than MAX_RESULT_COUNT). */
  count?: number;
  /** A direct answer some services give beside the results (Tavily's answer, SerpApi's answer box). */
  answer?: string;
}

/** Numbered plain-text results: title, URL and snippet each, under a heading naming the service and query. */
export function formatResults(hits: readonly SearchHit[], options: FormatOptions): string {
  const limit = Math.min(options.count ?? DEFAULT_RESULT_COUNT, MAX_RESULT_COUNT);
  const kept = hits
    .map((hit) => ({
      title: clip(plainText(hit.title), MAX_TITLE_CHARS),
      url: hit.url.trim(),
      snippet: clip(plainText(hit.snippet), MAX_SNIPPET_CHARS),
    }))
    // A result without an address cannot be cited or opened, so it is not worth the model's reading.
    .filter((hit) => hit.url !== '')
    .slice(0, limit);
  const answer = options.answer ? clip(plainText(options.answer), MAX_ANSWER_CHARS) : '';
  const query = JSON.stringify(options.query);
  if (kept.length === 0 && !answer) return `${options.service} found no results for ${query}.`;

  let output = `${options.service} results for ${query}:`;
  if (answer) output += `\n\nAnswer: ${answer}`;
  for (const [index, hit] of kept.entries()) {
    const entry = [
      `${index + 1}. ${hit.title || hit.url}`,
      `   ${hit.url}`,
      hit.snippet && `   ${hit.snippet}`,
    ]
      .filter(Boolean)
      .join('\n');
    // Whole results only: a result cut mid-URL would send the model to a wrong address.
    if (output.length + entry.length + 2 > MAX_OUTPUT_CHARS) break;
    output += `\n\n${entry}`;
  }
  return output;
}
