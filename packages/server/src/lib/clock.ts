/** ISO-8601 UTC timestamps are stored as text on both dialects, so they sort and compare as strings. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();
