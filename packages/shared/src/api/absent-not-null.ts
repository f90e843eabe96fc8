import { z } from 'zod';

/** A field that may be absent or null becomes one that may only be absent. */
type AbsentNotNull<S> =
  S extends z.ZodOptional<z.ZodNullable<infer I extends z.ZodType>> ? z.ZodOptional<I> : S;

export type AbsentNotNullShape<T extends z.ZodRawShape> = { [K in keyof T]: AbsentNotNull<T[K]> };

/**
 * The answer form of a payload schema: every `.nullish()` field becomes `.optional()`. Entities leave an absent
 * field out instead of sending null (docs/decisions.md, "LibreChat client forms (API)"), while payloads keep
 * accepting null; the route table's answers use this form, so a null that slips out fails the test-time check.
 */
export function absentNotNull<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
): z.ZodObject<AbsentNotNullShape<T>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      if (field instanceof z.ZodOptional) {
        const inner: unknown = field.unwrap();
        if (inner instanceof z.ZodNullable) return [key, (inner.unwrap() as z.ZodType).optional()];
      }
      return [key, field];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<AbsentNotNullShape<T>>;
}
