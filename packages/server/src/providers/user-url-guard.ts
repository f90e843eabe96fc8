import { pino, type Logger } from 'pino';
import type { AppConfig } from '../config/config.types';
import { processLogOutput } from '../lib/log-output';
import { createAddressPolicy, type AddressPolicy } from '../lib/outbound/address-policy';
import { createGuardedFetch } from '../lib/outbound/guarded-fetch';
import { UserURLFailure } from './provider-errors';
import type { EndpointEntry, FetchFn, ModelRequest, ReplyStreamer } from './provider.types';

export interface UserURLGuard {
  /** Checks a user-given URL's scheme and literal host before anything is sent. */
  policy: AddressPolicy;
  /** The fetch for every call to a user-given URL: checked at connect time, no redirects, error text withheld. */
  fetch: FetchFn;
}

let logger: Logger | undefined;

/**
 * Whether a user decides where the endpoint's calls go: a custom endpoint with `baseURL: user_provided`, or Azure
 * with user-provided keys, whose instance name is the host (`{name}.openai.azure.com`, or the operator's
 * AZURE_OPENAI_BASEURL with `${INSTANCE_NAME}`) and whose deployment name is in the path.
 */
export function userGivenURL(entry: EndpointEntry): boolean {
  return entry.userProvideURL || (entry.family === 'azure' && entry.userProvide);
}

/**
 * The guard for user-given base URLs (custom endpoints with `baseURL: user_provided`, Azure's user keys), with the
 * operator's USER_URL_ALLOWED_RANGES. `fetch` replaces it in tests. The upstream's withheld error text is logged
 * here, for the operator, at warn level.
 */
export function createUserURLGuard(config: AppConfig, fetch?: FetchFn): UserURLGuard {
  const allowedRanges = config.network.userURLAllowedRanges;
  return {
    policy: createAddressPolicy(allowedRanges),
    fetch:
      fetch ??
      createGuardedFetch({
        allowedRanges,
        onUpstreamError: (detail) => {
          logger ??= pino({ level: config.logLevel, base: { component: 'user-url' } }, processLogOutput());
          logger.warn(detail, 'a user-given endpoint answered an error; its text was not shown to the user');
        },
      }),
  };
}

/**
 * The streamer as it is, or, where the user gave the endpoint's URL, with its failures wrapped in
 * UserURLFailure, so provider-errors.ts shows the user no text the endpoint wrote (an error frame in a 200
 * stream included). A stop by the user is passed through as it is.
 */
export function markUserURLFailures(request: ModelRequest, streamer: ReplyStreamer): ReplyStreamer {
  if (!userGivenURL(request.entry)) return streamer;
  return async function* (call) {
    try {
      yield* streamer(call);
    } catch (error) {
      throw call.signal.aborted ? error : new UserURLFailure(error);
    }
  };
}
