import { z } from 'zod';
import { absentNotNull } from '../api/absent-not-null';
import { conversationOptionsSchema } from './conversation-options.schema';

/**
 * A preset: the conversation options plus its own id, title, default flag and order
 * (docs/reference/presets.md (Preset fields)). Its endpoint may be a custom endpoint's name. A field that is not set
 * is absent, never null.
 */
export const presetSchema = absentNotNull(conversationOptionsSchema).extend({
  presetId: z.string(),
  title: z.string(),
  endpoint: z.string(),
  defaultPreset: z.boolean(),
  order: z.number().int().optional(),
  user: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;
