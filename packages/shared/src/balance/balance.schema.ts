import { z } from 'zod';

/** Units of credit in one credit (and one yuan): the balance's `c` is kept in these. */
export const CREDIT_UNITS = 100_000;

/**
 * `GET /api/balance`: `c`, the user's credits in units (100000 = 1 credit; below zero after a call that cost more
 * than was held), and `t`, the free uses left per model family (`-1`: unlimited).
 */
export const balanceSchema = z.object({
  c: z.number().int(),
  t: z.object({ 'gpt-3': z.number().int().min(-1), 'gpt-4': z.number().int().min(-1) }),
});
export type Balance = z.infer<typeof balanceSchema>;

/** The balance as the interface shows it: credits with two decimals. */
export const formatCredits = (c: number): string => (c / CREDIT_UNITS).toFixed(2);
