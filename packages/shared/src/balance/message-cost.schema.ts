import { z } from 'zod';

/**
 * `GET /api/messages/:conversationId/:messageId/cost`: what a reply cost, summed over the ledger's settlements of
 * its calls (a continued reply has one per call). `credits` in units (100000 = 1 credit); `gpt3Uses`/`gpt4Uses`,
 * the free uses spent; `card`, calls a subscription card covered (they take nothing). `calls` 0: nothing was
 * charged (a reply given back, or one settled before costs were recorded).
 */
export const messageCostSchema = z.object({
  model: z.string().nullable(),
  calls: z.number().int().nonnegative(),
  credits: z.number().int(),
  gpt3Uses: z.number().int().nonnegative(),
  gpt4Uses: z.number().int().nonnegative(),
  card: z.number().int().nonnegative(),
});
export type MessageCost = z.infer<typeof messageCostSchema>;
