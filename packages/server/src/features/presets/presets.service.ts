import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_ENDPOINTS,
  type DeletePresetsResult,
  type Preset,
  type PresetPayload,
} from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/config.types';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { dropNulls } from '../../lib/drop-nulls';
import type { PresetRow } from './presets.table';
import * as repo from './presets.repository';

const SAVE_ATTEMPTS = 5;
const notFound = () => new AppError('NOT_FOUND', 'Preset not found');

/** The API shape of a preset row (shared `presetSchema`); a field that is not set is left out. */
function toPreset(row: PresetRow): Preset {
  return dropNulls({
    ...(JSON.parse(row.options) as object),
    presetId: row.preset_id,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpoint_type,
    model: row.model,
    defaultPreset: row.default_preset === 1,
    order: row.order,
    user: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }) as Preset;
}

export async function listPresets(deps: AppDeps, userId: string): Promise<Preset[]> {
  return (await repo.listPresets(deps.database.db, userId)).map(toPreset);
}

/** A built-in endpoint, or a custom one the config names (which is then `endpointType: 'custom'`). */
function endpointTypeOf(config: AppConfig, input: PresetPayload): string | null {
  if ((BUILT_IN_ENDPOINTS as readonly string[]).includes(input.endpoint)) return input.endpointType ?? null;
  if (config.yaml?.endpoints?.custom?.some((e) => e.name === input.endpoint)) return 'custom';
  throw new AppError('VALIDATION', `endpoint: unknown endpoint "${input.endpoint}"`, { field: 'endpoint' });
}

/**
 * Creates (no presetId) or updates (the user's presetId; anyone else's, or an unknown one, is 404) a preset.
 * `defaultPreset: true` clears the flag on the user's other presets in the same transaction; a partial unique
 * index refuses a second default, so the loser of a race is retried and ends as the one default.
 */
export async function savePreset(deps: AppDeps, userId: string, input: PresetPayload) {
  const endpointType = endpointTypeOf(deps.config, input);
  const db = deps.database.db;
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction().execute((trx) => writePreset(trx, userId, input, endpointType));
      return { created, presets: await listPresets(deps, userId) };
    } catch (error) {
      if (attempt >= SAVE_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

async function writePreset(db: Db, userId: string, input: PresetPayload, endpointType: string | null) {
  const { presetId, title, endpoint, endpointType: _t, model, defaultPreset, order, ...options } = input;
  const existing = presetId ? await repo.findPreset(db, presetId) : undefined;
  if (presetId && existing?.user_id !== userId) throw notFound();
  if (defaultPreset === true) await repo.clearDefaultPreset(db, userId);
  const now = nowIso();
  const row: PresetRow = {
    preset_id: existing?.preset_id ?? randomUUID(),
    user_id: userId,
    title,
    endpoint,
    endpoint_type: endpointType,
    model: model ?? null,
    options: JSON.stringify(options),
    default_preset: (defaultPreset ?? existing?.default_preset === 1) ? 1 : 0,
    order: order !== undefined ? order : (existing?.order ?? null),
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  if (existing) await repo.updatePreset(db, row);
  else await repo.insertPreset(db, row);
  return !existing;
}

/** Unique violation (the one-default index), serialization failure or deadlock: worth one more try. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || code === '40001' || code === '40P01';
}

/** One preset (404 unless it is the user's) when `presetId` is given, else all of the user's presets. */
export async function deletePresets(
  deps: AppDeps,
  userId: string,
  arg: { presetId?: string },
): Promise<DeletePresetsResult> {
  const db = deps.database.db;
  if (arg.presetId === undefined) {
    return { acknowledged: true, deletedCount: await repo.deleteAllPresets(db, userId) };
  }
  const deletedCount = await repo.deletePreset(db, userId, arg.presetId);
  if (deletedCount === 0) throw notFound();
  return { acknowledged: true, deletedCount };
}
