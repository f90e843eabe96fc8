import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { AppConfig } from '../config/config.types';
import { clientErrorHandler, frameworkErrors } from './client-errors';

/**
 * How long the server waits for clients, and how it answers what never reaches a route. Node's
 * `requestTimeout` covers receiving a request (headers and body) only, so a stalled upload is answered 408
 * while a reply streamed for minutes after its request arrived is never cut. Node checks the timers every
 * `connectionsCheckingInterval`, so that is kept a fraction of the timeout. No socket idle timeout is set:
 * event streams send a heartbeat, but a slow upstream may keep other answers silent for long.
 */
export function serverOptions(config: AppConfig): Partial<FastifyHttpOptions<Server>> {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs } = config.network;
  return {
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
