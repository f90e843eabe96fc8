import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@parley/shared';

/** The app's error code for a client-error status that has no AppError behind it. */
function codeOf(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION';
}

/** `{code, message}` for a 4xx that Fastify or Node raised, in the shape of every other error answer. */
export function clientErrorBody(status: number, message: string): ApiErrorBody {
  return { code: codeOf(status), message };
}

/**
 * Fastify's router errors, which otherwise answer in Fastify's own shape without reaching the error handler:
 * a path that is not valid percent-encoding (400) and a path parameter over `maxParamLength` (414).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    status === 414
      ? 'A part of the URL is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not valid'
        : error.message;
  void reply.status(status).send(clientErrorBody(status, message));
}

/** Status and message for what Node's HTTP parser or its timers refused, before any route ran. */
function describeConnectionError(error: ConnectionError): [number, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'The request did not arrive in time'];
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line toward the header limit; a packet that starts with an overlong request
    // line is a long URL. (A URL split over several packets is reported as 431, which is also true.)
    const raw: unknown = error.rawPacket; // a Buffer at run time, whatever Fastify's type says
    const firstLine = Buffer.isBuffer(raw)
      ? (raw.subarray(0, 4096).toString('latin1').split('\r\n')[0] ?? '')
      : '';
    if (/^[A-Z]+ \S{2000,}/.test(firstLine)) return [414, 'The URL is too long'];
    return [431, 'The request headers are too large'];
  }
  return [400, 'The request is not valid HTTP'];
}

/**
 * Node's `clientError`: a request the parser refused (malformed, headers or URL too large) or one that did
 * not arrive within HTTP_REQUEST_TIMEOUT / HTTP_HEADERS_TIMEOUT. Answers in the app's JSON shape, unless a
 * response has already started on the socket, then closes the connection.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = describeConnectionError(error);
  this.log.debug({ err: error, status }, 'client error');
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || started) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(clientErrorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
