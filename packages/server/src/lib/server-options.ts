import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { AppConfig } from '../config/config.types';
import type { TrustProxy } from '../config/proxy-settings';
import { clientErrorHandler, frameworkErrors } from './client-errors';

/**
 * Which peers may name the client's address (TRUST_PROXY), how long the server waits for clients, and how it
 * answers what never reaches a route. Node's
 * `requestTimeout` covers receiving a request (headers and body) only, so a stalled upload is answered 408
 * while a reply streamed for minutes after its request arrived is never cut. Node checks the timers every
 * `connectionsCheckingInterval`, so that is kept a fraction of the timeout. No socket idle timeout is set:
 * event streams send a heartbeat, but a slow upstream may keep other answers silent for long.
 */
export function serverOptions(config: AppConfig): Partial<FastifyHttpOptions<Server>> {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs } = config.network;
  return {
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it cannot tell a proxy from a client that
 * connects directly), so a count is a trust function: the first `hops` peers from the socket inward are proxies,
 * and the client's address is the next one, the one the outermost proxy appended. A list is Fastify's own.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
