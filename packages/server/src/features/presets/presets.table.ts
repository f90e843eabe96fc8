import type { Insertable, Selectable } from 'kysely';

/** A saved preset: indexed fields as columns, the rest of the options as JSON text. */
export interface PresetsTable {
  preset_id: string;
  user_id: string;
  title: string;
  endpoint: string;
  endpoint_type: string | null;
  model: string | null;
  /** JSON object of the other conversation options. */
  options: string;
  /** 0 or 1; a partial unique index keeps at most one 1 per user. */
  default_preset: number;
  order: number | null;
  created_at: string;
  updated_at: string;
}
export type PresetRow = Selectable<PresetsTable>;
export type NewPresetRow = Insertable<PresetsTable>;
