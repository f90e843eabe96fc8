import type { z } from 'zod';
import { isValidationKey, VALIDATION_TEXT_EN } from '@parley/shared';
import { AppError } from './app-error';

/**
 * Parses input with a shared schema. The first issue becomes a 400 naming the field; a message that is one of
 * the shared validation keys is answered in English with the key beside it, so the web can translate it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  const raw = issue?.message ?? 'Invalid input';
  if (isValidationKey(raw)) {
    throw new AppError('VALIDATION', VALIDATION_TEXT_EN[raw], { field, key: raw });
  }
  throw new AppError('VALIDATION', `${field}: ${raw}`, { field });
}
