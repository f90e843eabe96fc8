import { isRemoteServer, type McpServerConfig } from '../../../config/mcp-servers.schema';

const MAX_REASON_LENGTH = 300;
// Shorter values are too likely to appear in ordinary words to be worth masking (and too short to be a secret).
const MIN_SECRET_LENGTH = 4;

/**
 * The values a failure message must never show: the server's header and environment values, where `${VAR}`
 * secrets end up. Reasons go to the log and to the public /health answer.
 */
export function secretsOf(config: McpServerConfig): string[] {
  const values = Object.values((isRemoteServer(config) ? config.headers : config.env) ?? {});
  return values.filter((value) => value.length >= MIN_SECRET_LENGTH);
}

/** One short line saying why, with every secret masked. */
export function failureReason(error: unknown, secrets: readonly string[]): string {
  let text = describe(error);
  for (const secret of secrets) text = text.replaceAll(secret, '***');
  const line = text.split('\n').find((l) => l.trim() !== '') ?? 'unknown error';
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH)}…` : line.trim();
}

// fetch says only "fetch failed"; what failed (a refused connection, an unknown host) is in its cause.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
