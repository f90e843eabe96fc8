import type { ExtractErrorCode, ExtractorPort, ExtractedDocument } from './extractor-port';

/** The extractor's refusal as the real one throws it: an Error with a `code`. */
export class FakeExtractError extends Error {
  constructor(
    readonly code: ExtractErrorCode,
    message = `extract: ${code}`,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}

/**
 * A plain-text extractor for tests: pages split on form feeds ("page 1", "page 2"), one section without a place when
 * there is none. A file whose text starts with `!code` is refused with that code (`!damaged`, `!encrypted`); `!throw`
 * throws a plain Error (a crash, not a refusal). `calls` counts extractions.
 */
export function fakeExtractor(): ExtractorPort & { calls: number } {
  const extractor = {
    calls: 0,
    async extract(
      input: { bytes: Buffer; type: string; filename: string },
      signal?: AbortSignal,
    ): Promise<ExtractedDocument> {
      extractor.calls += 1;
      signal?.throwIfAborted();
      const text = input.bytes.toString('utf8');
      const order = /^!(\w+)/.exec(text)?.[1];
      if (order === 'throw') throw new Error('extractor crashed');
      if (order) throw new FakeExtractError(order as ExtractErrorCode);
      const pages = text.split('\f');
      if (pages.length === 1) return { sections: [{ text }] };
      return { sections: pages.map((page, i) => ({ text: page, where: `page ${i + 1}` })) };
    },
  };
  return extractor;
}
