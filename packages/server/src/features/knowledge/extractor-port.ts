// What indexing needs of text extraction (features/knowledge/extract/ implements it): declared here by shape, so the
// index depends on no extractor in particular and tests use a small fake one.

export interface ExtractedSection {
  text: string;
  /** Where in the file the text is ("page 3", "Sheet1"), when the file has such places. */
  where?: string;
}

export interface ExtractedDocument {
  sections: ExtractedSection[];
}

export type ExtractErrorCode = 'damaged' | 'encrypted' | 'unsupported' | 'empty' | 'too_large' | 'timeout';

export interface ExtractorPort {
  extract(
    input: { bytes: Buffer; type: string; filename: string },
    signal?: AbortSignal,
  ): Promise<ExtractedDocument>;
}

const CODES: ReadonlySet<string> = new Set<ExtractErrorCode>([
  'damaged',
  'encrypted',
  'unsupported',
  'empty',
  'too_large',
  'timeout',
]);

/** An extractor's refusal (ExtractError), recognised by its code rather than its class. */
export function extractErrorCode(error: unknown): ExtractErrorCode | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && CODES.has(code)
    ? (code as ExtractErrorCode)
    : undefined;
}
