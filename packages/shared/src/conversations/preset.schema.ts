import { z } from 'zod';
import { conversationOptionsSchema } from './conversation-options.schema';

/**
 * A preset: the conversation options plus its own id, title, default flag and order
 * (docs/reference/presets.md (Preset fields)). Its endpoint may be a custom endpoint's name.
 */
export const presetSchema = conversationOptionsSchema.extend({
  presetId: z.string(),
  title: z.string(),
  endpoint: z.string(),
  defaultPreset: z.boolean(),
  order: z.number().int().nullish(),
  user: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;
