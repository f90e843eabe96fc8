import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ROUTES, type ApiRoute } from '@parley/shared';

/** Where the API document is served: `<prefix>/json` always, `<prefix>` the browsable UI when it is on. */
export const API_DOCS_PREFIX = '/api/docs';

/**
 * Notes each route of the route table as it is registered (call before any route is added). The OpenAPI document
 * is built from these on its first request: @fastify/swagger and its YAML parser are not loaded at start, as
 * nothing but the docs needs them (the compiled server's start test lists what must not load early).
 */
export function collectApiRoutes(app: FastifyInstance): RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.routeName && route.method !== 'HEAD') routes.push(route);
  });
  return routes;
}

/**
 * The OpenAPI 3.1 document of `routes`, made by @fastify/swagger on a bare Fastify instance that holds the same
 * routes (their schemas from the route table, no handlers), with the zod schemas turned into JSON Schema by
 * fastify-type-provider-zod. Uploads read their multipart form themselves; the table's form is shown here only.
 */
export async function buildApiDocument(routes: RouteOptions[], version: string): Promise<unknown> {
  const [{ default: Fastify }, { default: swagger }, zodProvider] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  const shadow = Fastify({ logger: false });
  // The schemas are zod: the document reads them; nothing here validates or serializes a request.
  shadow.setValidatorCompiler(() => (value) => ({ value }));
  shadow.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await shadow.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version,
        description:
          'The HTTP API of Parley. Signed-in calls take `Authorization: Bearer <access token>` (from login, ' +
          'register or refresh). Errors answer `{code, message, field?, key?}`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => {
      const name = (document.route as RouteOptions).config?.routeName;
      const route: ApiRoute | undefined = name ? ROUTES[name] : undefined;
      const schema =
        route?.form && document.schema
          ? { ...document.schema, consumes: ['multipart/form-data'], body: route.form }
          : document.schema;
      return zodProvider.jsonSchemaTransform({ ...document, schema } as Parameters<
        typeof zodProvider.jsonSchemaTransform
      >[0]);
    },
    transformObject: zodProvider.jsonSchemaTransformObject,
  });
  for (const route of routes) {
    shadow.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      handler: async () => null,
    });
  }
  await shadow.ready();
  const document = shadow.swagger();
  await shadow.close();
  return document;
}

/**
 * `GET /api/docs/json` (the document) and `GET /api/docs`: the browsable UI when `ui` is on, else the document itself.
 * Registered after the routes; the document is built once, on the first request for it.
 */
export async function serveApiDocs(
  app: FastifyInstance,
  routes: RouteOptions[],
  options: { ui: boolean; version: string; webDistDir: string | null },
): Promise<void> {
  let built: Promise<unknown> | undefined;
  const document = () => (built ??= buildApiDocument(routes, options.version));
  if (!options.ui) {
    app.get(`${API_DOCS_PREFIX}/json`, async () => document());
    app.get(API_DOCS_PREFIX, async () => document());
    return;
  }
  // The UI (a @fastify/swagger companion) serves the page, its files, /json and /yaml, reading `swagger()` of its
  // instance. Here that instance has a stand-in under @fastify/swagger's name answering the document, which the
  // UI's own onRequest hook has built before any of its routes runs.
  const [{ default: fp }, { default: swaggerUi }] = await Promise.all([
    import('fastify-plugin'),
    import('@fastify/swagger-ui'),
  ]);
  let ready: unknown;
  await app.register(async (scope) => {
    await scope.register(
      fp(
        async (inner) => {
          inner.decorate('swagger', (() => ready) as FastifyInstance['swagger']);
        },
        { name: '@fastify/swagger' },
      ),
    );
    // The page carries Parley's name and mark (the web app's icon, when the web app is built), not the UI's own.
    const icon = options.webDistDir ? join(options.webDistDir, 'favicon.svg') : null;
    const mark = icon && existsSync(icon) ? readFileSync(icon) : null;
    await scope.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      theme: {
        title: 'Parley API',
        ...(mark && {
          favicon: [
            { filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: mark },
          ],
        }),
      },
      ...(mark && { logo: { type: 'image/svg+xml', content: mark } }),
      uiHooks: {
        // The UI's hooks are callback-style: done() once the document is ready, or with the error that stopped it.
        onRequest: (_request, _reply, done) => {
          document().then((built) => {
            ready = built;
            done();
          }, done);
        },
      },
    });
  });
}
