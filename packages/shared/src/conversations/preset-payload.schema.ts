import { z } from 'zod';
import { conversationOptionsSchema } from './conversation-options.schema';

/** Longest preset title accepted. */
export const PRESET_TITLE_MAX = 200;

/**
 * A preset as the web sends it to `POST /api/presets`: the conversation options plus title and the preset's own
 * fields. Unknown fields (conversationId, user, createdAt, ...) are stripped. `presetId` null or absent saves a new
 * preset with a fresh id (import sends null); an id updates that preset of the user's. `defaultPreset` and `order`
 * left out of an update keep their stored values.
 */
export const presetPayloadSchema = conversationOptionsSchema.extend({
  presetId: z.string().min(1).max(128).nullish(),
  title: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(PRESET_TITLE_MAX, { error: `must be at most ${PRESET_TITLE_MAX} characters` }),
  endpoint: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }),
  defaultPreset: z.boolean().optional(),
  order: z.number().int().nullish(),
});
export type PresetPayload = z.infer<typeof presetPayloadSchema>;

/**
 * `POST /api/presets` takes `{preset}` (docs/reference/presets.md (Saving a preset)); a bare preset object is tolerated
 * too.
 */
export const savePresetRequestSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && 'preset' in body ? (body as { preset: unknown }).preset : body,
  presetPayloadSchema,
);

/**
 * `POST /api/presets/delete` (docs/reference/presets.md (Listing and deleting)): `{arg: {presetId}}` (or `{arg: preset}`)
 * deletes that preset; `{arg: {}}` deletes all of the user's presets. The LibreChat client's forms are taken too: the
 * bare preset object (`{presetId, title, ...}`) deletes that preset, and a request with no body at all deletes all
 * (the route turns it into `{arg: {}}`). A bare object must carry its presetId and a present presetId must not be
 * empty, so neither a stray JSON body nor an unsaved preset can wipe the list.
 */
export const deletePresetsRequestSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !('arg' in body) && 'presetId' in body ? { arg: body } : body,
  z.object({
    arg: z.looseObject(
      {
        presetId: z
          .string({ error: 'must be the id of a saved preset' })
          .min(1, { error: 'must not be empty' })
          .optional(),
      },
      { error: 'is required' },
    ),
  }),
);

/** `POST /api/presets/delete` answer. */
export const deletePresetsResultSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
export type DeletePresetsResult = z.infer<typeof deletePresetsResultSchema>;
