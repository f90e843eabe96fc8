import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import type { HttpMethod } from './route-paths';

/** The JSON body of every error answer. `field` and `key` are set for validation errors. */
export const apiErrorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  /** i18n key of the message, so the web can show it in the user's language. */
  key: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * Statuses a call answers with a body of its own (503: only /health); `null` means no body (204, and 302: the
 * browser navigations of social sign-in, answered with a Location).
 */
export type AnswerStatus = 200 | 201 | 202 | 204 | 302 | 503;

/** Error statuses a call may name in its contract (their body is always the error body). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 502;

/** One call's contract, beside its method and path (route-paths.ts). */
export interface RouteSpec {
  summary: string;
  /** The group the call is listed under in the API document. */
  tag: string;
  /** Whether the call needs a signed-in user (a Bearer access token). */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Names the body in a validation error whose issue has no field (a body that is not an object at all);
   * `body` unless set.
   */
  bodyName?: string;
  /**
   * JSON answers by status (null: no body); any other 4xx or 5xx is the error body. Calls that stream or send a
   * file list none.
   */
  responses: Partial<Record<AnswerStatus, z.ZodType | null>>;
  /**
   * Error answers the call gives on purpose, with what each means (the body is the error body); any other 4xx
   * or 5xx may still happen.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** What a call answers with when it is not JSON. */
  produces?: 'text/event-stream' | 'application/octet-stream';
  /** Upload calls take a multipart form; these are its fields, for the API document. */
  form?: z.ZodType;
  /** A longer description for the API document. */
  description?: string;
}

export interface ApiRoute extends RouteSpec {
  method: HttpMethod;
  path: string;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The body of a call's success answer, as the client receives it (204: undefined). */
export type RouteResult<R extends RouteSpec> = {
  [K in keyof R['responses']]: R['responses'][K] extends z.ZodType ? z.output<R['responses'][K]> : undefined;
}[keyof R['responses']];

/** A part the call has is required, unless every field of it is optional; a part it lacks is not sent. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends Input<S>
    ? { [P in K]?: Input<S> }
    : { [P in K]: Input<S> }
  : { [P in K]?: never };

/** What a client sends: `params`, `query` and `body`, each only when the call has it. */
export type RouteArgs<R extends RouteSpec> = Part<'params', R['params']> &
  Part<'query', R['query']> &
  Part<'body', R['body']>;
