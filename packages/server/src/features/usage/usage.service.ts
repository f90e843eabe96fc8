import type { ModelClass, UsageRow } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { localTime } from '../balance/daily-clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The class a settlement was charged in: the one it recorded, else (settled before classes were recorded) the class
 * of the free use it spent; null for such a call paid in credits. Never today's rule: what was charged stays so.
 */
function chargedClass(e: {
  call_class: string | null;
  call_gpt3_uses: number | null;
  call_gpt4_uses: number | null;
}): ModelClass | null {
  if (e.call_class === 'gpt-3' || e.call_class === 'gpt-4') return e.call_class;
  if ((e.call_gpt4_uses ?? 0) > 0) return 'gpt-4';
  if ((e.call_gpt3_uses ?? 0) > 0) return 'gpt-3';
  return null;
}

/**
 * `GET /api/balance/usage?days=N` (docs/reference/commerce.md (Usage)): the user's charged calls of the last `days`
 * calendar days of the balance's time zone (today included), one row per day, model and class, newest day first,
 * then by model name and class. Read from the ledger's settlements, which carry the model, its class, the tokens and
 * the call's whole cost; a call given back (failed or stopped before any text) is not a call here. 404 while
 * CHECK_BALANCE is off.
 */
export async function getUsage(
  deps: Pick<AppDeps, 'config' | 'database'>,
  userId: string,
  days: number,
  now = new Date(),
): Promise<UsageRow[]> {
  if (!deps.config.app.checkBalance) {
    throw new AppError('NOT_FOUND', 'The balance is not enabled on this server');
  }
  const zone = deps.config.balance.timeZone;
  const firstDay = localTime(new Date(now.getTime() - (days - 1) * DAY_MS), zone).day;
  // A day more than asked is read (zones run up to 14 hours ahead of UTC), then cut by the local day.
  const since = new Date(now.getTime() - (days + 1) * DAY_MS).toISOString();
  const entries = await deps.database.db
    .selectFrom('ledger_entries')
    .select([
      'created_at',
      'model',
      'prompt_tokens',
      'completion_tokens',
      'call_credits',
      'call_gpt3_uses',
      'call_gpt4_uses',
      'call_class',
    ])
    .where('user_id', '=', userId)
    .where('kind', '=', 'settle')
    .where('model', 'is not', null)
    .where('created_at', '>=', since)
    .execute();
  const rows = new Map<string, UsageRow>();
  for (const e of entries) {
    const day = localTime(new Date(e.created_at), zone).day;
    if (day < firstDay) continue;
    const model = e.model ?? '';
    const modelClass = chargedClass(e);
    const key = `${day}\u0000${model}\u0000${modelClass ?? ''}`;
    const row = rows.get(key) ?? {
      day,
      model,
      modelClass,
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      credits: 0,
      gpt3Uses: 0,
      gpt4Uses: 0,
    };
    row.calls += 1;
    row.promptTokens += e.prompt_tokens ?? 0;
    row.completionTokens += e.completion_tokens ?? 0;
    row.credits += Number(e.call_credits ?? 0);
    row.gpt3Uses += e.call_gpt3_uses ?? 0;
    row.gpt4Uses += e.call_gpt4_uses ?? 0;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    a.day !== b.day
      ? a.day < b.day
        ? 1
        : -1
      : a.model === b.model
        ? (a.modelClass ?? '').localeCompare(b.modelClass ?? '')
        : a.model.localeCompare(b.model),
  );
}
