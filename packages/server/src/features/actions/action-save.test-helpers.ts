import { actionMetadataSchema, type ActionMetadataInput } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { actionAddressCheck } from './action-host-check';
import type { PrepareActionInput } from './action-save.service';
import { testApiSpec } from './local-api.test-helpers';

export const creds = { secrets: { credsKey: 'a1'.repeat(32), credsIv: 'b2'.repeat(16) } };
/** DNS as these tests see it: names to addresses; anything else does not resolve. */
const dns: Record<string, string[]> = {
  'api.example.com': ['93.184.216.34'],
  'auth.example.com': ['93.184.216.35'],
  'intranet.example.com': ['10.1.2.3'],
  'rebind.example.com': ['93.184.216.36', '127.0.0.1'],
};
const resolve = async (host: string) => {
  const found = dns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};
export const deps = (allowedRanges: string[] = []) => ({
  creds,
  addresses: actionAddressCheck(allowedRanges, resolve),
  newId: () => 'act-new',
});
export const specAt = (origin: string) => testApiSpec(origin);
export const input = (
  metadata: ActionMetadataInput,
  extra: Partial<PrepareActionInput> = {},
): PrepareActionInput => ({
  assistant_id: 'asst-1',
  metadata: actionMetadataSchema.parse({ raw_spec: specAt('https://api.example.com'), ...metadata }),
  ...extra,
});

export async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}
