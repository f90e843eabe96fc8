/** One stretch of a file's text, with where in the file it comes from. */
export interface ExtractedSection {
  text: string;
  /** Where in the file: 'page 3', 'Sheet1', 'slide 2'; absent for plain text. */
  where?: string;
}

/** A file's text, in the file's order. Never partial: a file that cannot be read whole is an `ExtractError`. */
export interface ExtractedDocument {
  sections: ExtractedSection[];
}

export type ExtractErrorCode = 'damaged' | 'encrypted' | 'unsupported' | 'empty' | 'too_large' | 'timeout';

/**
 * Why a file's text could not be had. Final for that file: reading it again gives the same answer (a timeout too,
 * short of a much idler machine), so a caller records it rather than retrying. Anything else an extraction rejects
 * with (a closed extractor, an abort, a worker that could not start) says nothing about the file.
 */
export class ExtractError extends Error {
  constructor(
    readonly code: ExtractErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}
