/** `T` with its null-valued fields turned into optional ones that hold no null. */
export type WithoutNulls<T> = {
  [K in keyof T as null extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/**
 * A copy of `value` without its null fields: entities leave a field that is not set out of an answer instead of
 * sending null (docs/decisions.md, "LibreChat client forms (API)"). Only the top level; nested values are kept.
 */
export function dropNulls<T extends object>(value: T): WithoutNulls<T> {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null && item !== undefined) copy[key] = item;
  return copy as WithoutNulls<T>;
}
