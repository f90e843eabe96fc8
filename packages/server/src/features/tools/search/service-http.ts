import { ToolError } from '../tool';

/** How long a service may take to answer, body included, before the search gives up. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Options every service's tool factory takes, so tests can point it at a local server and shorten the wait. */
export interface ServiceOptions {
  /** The service's base URL (its real one when absent). */
  baseUrl?: string;
  timeoutMs?: number;
}

export interface ServiceCall {
  /** The name the user knows the service by; every error names it. */
  service: string;
  url: URL;
  init?: RequestInit;
  fetch: typeof fetch;
  /** The run's signal: when it aborts, the call stops and its reason is thrown as it is. */
  signal: AbortSignal;
  timeoutMs?: number;
  /** Statuses besides 2xx whose body the tool reads itself (Wolfram|Alpha explains a 501 in its body). */
  readStatuses?: readonly number[];
}

/** What to try after a refusal, by status. The body is not echoed: some services repeat the request, key and all. */
function statusHint(status: number): string {
  if (status === 401 || status === 403) return 'the key or setting was refused';
  if (status === 429 || status === 432 || status === 433) return 'its rate limit or quota is reached';
  if (status >= 500) return 'the service failed; try again later';
  return 'the request was refused';
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/**
 * Calls a service and reads its answer with `read`, under one time limit for both. Whatever goes wrong becomes a
 * ToolError naming the service, except the run's own abort, which is rethrown so the runtime sees it was stopped.
 * No message includes the URL or a response body, since a key may travel in either.
 */
async function callService<T>(call: ServiceCall, read: (response: Response) => Promise<T>): Promise<T> {
  const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([call.signal, timeout]);
  let response: Response;
  try {
    response = await call.fetch(call.url, { ...call.init, signal });
    if (!response.ok && !call.readStatuses?.includes(response.status)) {
      // The body is not needed; cancelling it frees the connection.
      await response.body?.cancel().catch(() => undefined);
      throw new ToolError(
        `${call.service} answered HTTP ${response.status}: ${statusHint(response.status)}.`,
      );
    }
    return await read(response);
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    if (error instanceof ToolError) throw error;
    if (timeout.aborted) throw new ToolError(`${call.service} did not answer within ${seconds(timeoutMs)}.`);
    if (error instanceof SyntaxError) throw new ToolError(`${call.service} answered with malformed JSON.`);
    throw new ToolError(`${call.service} could not be reached.`);
  }
}

/** Calls a service that answers JSON; the shape is the caller's to check. */
export function serviceJson(call: ServiceCall): Promise<unknown> {
  return callService(call, (response) => response.json() as Promise<unknown>);
}

/** Calls a service that answers text, with its status for the statuses the caller reads itself. */
export function serviceText(call: ServiceCall): Promise<{ status: number; text: string }> {
  return callService(call, async (response) => ({ status: response.status, text: await response.text() }));
}

/** The credential `field` of the run, or a ToolError naming the setting when it is missing. */
export function requireAuth(auth: Readonly<Record<string, string>>, field: string, service: string): string {
  const value = auth[field]?.trim();
  if (!value) throw new ToolError(`${service} is not configured: ${field} is missing.`);
  return value;
}
