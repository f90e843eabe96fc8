import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROUTES,
  apiErrorBodySchema,
  type ApiRoute,
  type RouteName,
  type RouteResult,
  type Routes,
} from '@parley/shared';
import { parseInput } from './validate';

// Routes are registered from the route table in @parley/shared (api/routes.ts): one place says each call's
// method, path, params, query, body and answers. Fastify validates the request parts with those zod schemas (after
// the preValidation hooks, so a signed-out request is a 401 whatever its body, and a rate limit counts malformed
// requests too), the handler's request is typed from them by fastify-type-provider-zod's type provider and its answer
// by the table's answer schemas, and the OpenAPI document (api-docs.ts) is generated from the same schemas.

/** The schema of one request part of a route, or undefined when it has none. */
type PartOf<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S } ? S : undefined;

/** A route's request schemas as Fastify names them. */
interface RequestSchemas<Params, Query, Body> {
  params: Params;
  querystring: Query;
  body: Body;
}

/**
 * The request a handler receives: params, query and body typed by the zod type provider from the table's schemas
 * (each part as its schema outputs it).
 */
export type RouteRequest<N extends RouteName> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RequestSchemas<PartOf<Routes[N], 'params'>, PartOf<Routes[N], 'query'>, PartOf<Routes[N], 'body'>>,
  ZodTypeProvider
>;

/** A hook that checks a request before its route runs: the auth guard, rate and message limits. */
export type RequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteOptions<N extends RouteName> {
  /** Run before validation, in order, after the plugin's own preValidation hooks (the auth guard). */
  preValidation?: RequestHook[];
  bodyLimit?: number;
  /** Answers this route's errors (its hooks', validation's and handler's) instead of the app's error handler. */
  errorHandler?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;
  /** Answers the call's success body, or the reply when it sets the status or streams. */
  handler: (request: RouteRequest<N>, reply: FastifyReply) => Promise<RouteResult<Routes[N]> | FastifyReply>;
}

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/** A 204: no body. */
const noContent = z.null().meta({ description: 'No content' });

/** A 302: no body; the browser follows the Location header. */
const redirect = z.null().meta({ description: 'Redirect (see the Location header)' });

/** A stream or file answer, as the document shows it (it is never serialized). */
const apiBinary = z.string().meta({ format: 'binary' });

/** The Fastify schema of a route: the request parts, the answers, and what the API document shows. */
function fastifySchemaOf(name: RouteName): FastifySchema {
  const route: ApiRoute = ROUTES[name];
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    response[status] = schema ?? (status === '302' ? redirect : noContent);
  }
  if (route.produces) {
    response[200] = {
      description: route.produces === 'text/event-stream' ? 'A stream of server-sent events' : 'The file',
      content: { [route.produces]: { schema: apiBinary } },
    };
  }
  for (const [status, description] of Object.entries(route.errors ?? {})) {
    response[status] = apiErrorBodySchema.meta({ description });
  }
  response['4xx'] = apiErrorBodySchema;
  response['5xx'] = apiErrorBodySchema;
  return {
    operationId: name,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.auth ? { security: [{ bearerAuth: [] }] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    response,
  } as FastifySchema;
}

/**
 * Registers the table's route `name`. An upload reads its multipart form itself; the table's `form` is added to
 * the API document only (api-docs.ts).
 */
export function addRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  options: RouteOptions<NoInfer<N>>,
): void {
  const route: ApiRoute = ROUTES[name];
  app.route({
    method: route.method,
    url: route.path,
    schema: fastifySchemaOf(name),
    config: { routeName: name },
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.errorHandler ? { errorHandler: options.errorHandler } : {}),
    handler: options.handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table's name of the call (absent on routes outside the table: the web app, the API docs). */
    routeName?: RouteName;
  }
}

export interface CompilerOptions {
  /** Check every JSON answer against its schema (tests): a mismatch is a 500, so the table cannot drift. */
  checkResponses: boolean;
}

/**
 * Validation with the table's zod schemas, answered as the app's other validation errors (lib/validate.ts). Answers are written with JSON.stringify (the schemas describe them; they
 * do not reshape them), checked against the schema first when `checkResponses` is on.
 */
export function setRouteCompilers(app: FastifyInstance, options: CompilerOptions): void {
  const byRoute = new Map<string, ApiRoute>(
    Object.values(ROUTES).map((r: ApiRoute) => [`${r.method} ${r.path}`, r]),
  );
  app.setValidatorCompiler(({ schema, httpPart, url, method }) => {
    const route = byRoute.get(`${String(method)} ${url}`);
    const where =
      httpPart === 'querystring'
        ? 'query'
        : httpPart === 'body'
          ? (route?.bodyName ?? 'body')
          : String(httpPart);
    return (data: unknown) => {
      try {
        return { value: parseInput(schema as z.ZodType, data, where) };
      } catch (error) {
        return { error: error as Error };
      }
    };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!options.checkResponses || !isZod(schema)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(
          `${method} ${url} ${httpStatus}: the answer does not match the route table at ` +
            `${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
        );
      }
      return JSON.stringify(data);
    };
  });
}
