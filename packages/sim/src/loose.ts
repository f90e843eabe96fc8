/** Readers for request bodies the sim did not validate: anything may be missing or of the wrong type. */
export type Loose = Record<string, unknown>;

export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const listOf = (v: unknown): Loose[] => (Array.isArray(v) ? v.filter(isObject) : []);
