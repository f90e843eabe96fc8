import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodOf, pathOf, ROUTE_PATHS, type RouteName } from '@parley/shared';
import { API_DOCS_PREFIX } from '../src/lib/api-docs';
import { servedRouteLines } from './route-lines.test-helpers';
import { buildTestApp, type TestApp } from './app.test-helpers';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId?: string; security?: unknown[]; requestBody?: unknown }>
  >;
}

/** Fastify's `/a/:b` as OpenAPI writes it: `/a/{b}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `METHOD /path` of every operation in the document. */
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('the API document at /api/docs', () => {
  let test: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    test = await buildTestApp('sqlite');
    const res = await test.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => test.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route the server serves, and nothing else', () => {
    // Every served route but the docs' own is in the document, and the document holds the whole route table.
    const served = servedRouteLines(test.app)
      .filter((line) => !line.includes(API_DOCS_PREFIX))
      .map((line) => openApiPath(line))
      .sort();
    expect(served.length).toBe(Object.keys(ROUTE_PATHS).length);
    expect(operations(document)).toEqual(served);
    const table = Object.values(ROUTE_PATHS)
      .map((line) => openApiPath(line))
      .sort();
    expect(operations(document)).toEqual(table);
  });

  it('names each call after the route table and marks the signed-in ones', () => {
    for (const name of Object.keys(ROUTE_PATHS) as RouteName[]) {
      const [method, path] = [methodOf(name), pathOf(name)];
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(operation?.operationId, `${method} ${path}`).toBe(name);
    }
    expect(document.paths['/api/presets']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/config']?.get?.security).toBeUndefined();
    // An upload's multipart form is shown though the server reads it itself.
    expect(JSON.stringify(document.paths['/api/files/images']?.post?.requestBody)).toContain(
      'multipart/form-data',
    );
  });

  it("lists a call's named error answers: refresh's 200 with or without a token, its 401 and its 403", () => {
    const refresh = document.paths['/api/auth/refresh']?.post as { responses?: Record<string, unknown> };
    expect(Object.keys(refresh.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(JSON.stringify(refresh.responses?.['200'])).toContain('token');
    expect(JSON.stringify(refresh.responses?.['403'])).toContain('retry=true');
  });

  it('answers the document at /api/docs itself while the browsable UI is off', async () => {
    const res = await test.app.inject({ method: 'GET', url: API_DOCS_PREFIX });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(document);
  });
});

describe('the README', () => {
  it('tells a newcomer where the API document is', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('(http://localhost:3080/api/docs)');
    expect(readme).toContain('(http://localhost:3080/api/docs/json)');
  });
});

describe('the browsable API document', () => {
  it('is served at /api/docs when API_DOCS_UI is on', async () => {
    const test = await buildTestApp('sqlite', { apiDocsUi: true });
    try {
      const page = await test.app.inject({
        method: 'GET',
        url: API_DOCS_PREFIX,
        headers: { accept: 'text/html' },
      });
      // The UI's prefix answers its page (possibly through a redirect to the trailing-slash form).
      const final =
        page.statusCode >= 300 && page.statusCode < 400
          ? await test.app.inject({ method: 'GET', url: String(page.headers.location) })
          : page;
      expect(final.statusCode).toBe(200);
      expect(final.headers['content-type']).toContain('text/html');
      expect(final.body).toContain('<title>Parley API</title>');
      const json = await test.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
      expect(json.json().openapi).toBe('3.1.0');
    } finally {
      await test.close();
    }
  });
});
