import { ToolError } from '../tool';
import { record, text } from '../search/json-shape';

/** Most characters of a service's own refusal passed on. */
const MAX_REASON_CHARS = 500;

/** A JSON answer read after its status was checked; malformed JSON is the service's fault, said as such. */
export function parseJsonAnswer(service: string, body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ToolError(`${service} answered with malformed JSON.`);
  }
}

/**
 * A refused request with the service's reason (`{error: {message}}`, or `{detail}` as a web UI answers a bad field),
 * which tells the model how to change its prompt. The secrets are cut out of it in case the service repeats them.
 */
export function refusalMessage(
  service: string,
  answer: { status: number; text: string },
  secrets: readonly string[],
): ToolError {
  let body: Record<string, unknown> = {};
  try {
    body = record(JSON.parse(answer.text));
  } catch {
    // Not JSON: the status alone is reported.
  }
  const detail = body.detail;
  let reason =
    text(record(body.error).message) || text(body.error) || (typeof detail === 'string' ? detail : '');
  for (const secret of secrets) if (secret) reason = reason.split(secret).join('[hidden]');
  reason = reason.trim().slice(0, MAX_REASON_CHARS);
  return new ToolError(
    `${service} refused the request (HTTP ${answer.status})${reason ? `: ${reason}` : '.'}`,
  );
}
