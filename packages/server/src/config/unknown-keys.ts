import { z } from 'zod';
import { formatPath } from './yaml-issues';

/**
 * Lists keys of `value` that `schema` does not name. The schema is loose so a LibreChat file with fields Parley
 * does not use still loads, but a typo (`baseUrl`) should not pass silently.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, path: PropertyKey[] = []): string[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isPlainObject(value)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    return Object.entries(value).flatMap(([key, child]) => {
      const childSchema = shape[key];
      return childSchema ? unknownKeys(childSchema, child, [...path, key]) : [formatPath([...path, key])];
    });
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, i) => unknownKeys(inner.element as z.ZodType, item, [...path, i]));
  }
  if (inner instanceof z.ZodRecord && isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      unknownKeys(inner.valueType as z.ZodType, child, [...path, key]),
    );
  }
  return [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return unwrap(schema.unwrap() as z.ZodType);
  }
  return schema;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
