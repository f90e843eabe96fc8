import { describe, expect, it } from 'vitest';
import { openApiToFunctions } from './openapi-functions';

const doc = (paths: Record<string, unknown>, components: Record<string, unknown> = {}) => ({
  openapi: '3.0.0',
  servers: [{ url: 'https://a.io' }],
  paths,
  components,
});

describe('openApiToFunctions', () => {
  it('names operations without an id by method and path, without characters a model refuses', () => {
    const { functions } = openApiToFunctions(
      doc({ '/users/{id}/posts': { get: {}, delete: { operationId: 'remove post!' } } }),
    );
    expect(functions.map((f) => f.name)).toEqual(['get_usersidposts', 'removepost']);
  });

  it('skips path-item keys that are not methods, and cookie parameters', () => {
    const { operations, functions } = openApiToFunctions(
      doc({
        '/a': {
          summary: 'not an operation',
          parameters: [
            { name: 'tenant', in: 'header', schema: { type: 'string' } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
          ],
          head: { operationId: 'headA' },
          get: { operationId: 'getA', parameters: [{ name: 'q', in: 'query', required: true }] },
        },
      }),
    );
    expect(operations).toEqual([
      { name: 'getA', method: 'get', path: '/a', locations: { tenant: 'header', q: 'query' } },
    ]);
    expect(functions[0]?.parameters).toEqual({
      type: 'object',
      properties: { tenant: { type: 'string' }, q: { type: 'string' } },
      required: ['q'],
    });
  });

  it('lets operation parameters replace path-level ones, and resolves parameter $refs', () => {
    const { functions } = openApiToFunctions(
      doc(
        {
          '/a/{id}': {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }],
            get: {
              operationId: 'getA',
              summary: 'Get A',
              description: 'unused when there is a summary',
              parameters: [{ $ref: '#/components/parameters/Id' }],
            },
          },
        },
        {
          parameters: { Id: { name: 'id', in: 'path', description: 'The id', schema: { type: 'integer' } } },
        },
      ),
    );
    expect(functions[0]).toEqual({
      name: 'getA',
      description: 'Get A',
      parameters: {
        type: 'object',
        properties: { id: { type: 'integer', description: 'The id' } },
        required: ['id'],
      },
    });
  });

  it('turns OpenAPI schema keywords into JSON Schema and drops pattern and format', () => {
    const { functions } = openApiToFunctions(
      doc(
        {
          '/a': {
            post: {
              operationId: 'make',
              requestBody: {
                $ref: '#/components/requestBodies/Thing',
              },
            },
          },
        },
        {
          requestBodies: {
            Thing: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          },
          schemas: {
            Thing: {
              type: 'object',
              required: ['size', 'ghost'],
              properties: {
                size: { type: 'number', minimum: 0, exclusiveMinimum: true, nullable: true },
                code: { type: 'string', pattern: '(a+)+$', format: 'uuid', example: 'x', xml: { name: 'c' } },
                child: { $ref: '#/components/schemas/Thing' },
              },
            },
          },
        },
      ),
    );
    expect(functions[0]?.parameters).toEqual({
      type: 'object',
      properties: {
        size: { type: ['number', 'null'], exclusiveMinimum: 0 },
        code: { type: 'string' },
        child: { type: 'object' },
      },
      required: ['size'],
    });
  });

  it('makes a non-object body one argument, and prefers a JSON body over a form', () => {
    const { operations, functions } = openApiToFunctions(
      doc({
        '/list': {
          put: {
            operationId: 'putList',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
        '/form': {
          post: {
            operationId: 'postForm',
            requestBody: {
              content: {
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', properties: { a: { type: 'string' } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(operations[0]).toMatchObject({ wholeBody: 'body', bodyType: 'json', locations: { body: 'body' } });
    expect(functions[0]?.parameters).toEqual({
      type: 'object',
      properties: { body: { type: 'array', items: { type: 'string' } } },
      required: ['body'],
    });
    expect(operations[1]).toMatchObject({ bodyType: 'form', locations: { a: 'body' } });
  });

  it('warns when a body field has a parameter’s name, keeping the parameter', () => {
    const { warnings, operations } = openApiToFunctions(
      doc({
        '/a/{id}': {
          post: {
            operationId: 'p',
            parameters: [{ name: 'id', in: 'path' }],
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } },
              },
            },
          },
        },
      }),
    );
    expect(warnings).toEqual(['p: "id" is both a parameter and a body field; the parameter is used']);
    expect(operations[0]?.locations).toEqual({ id: 'path' });
  });

  it('cuts a description to 1024 characters', () => {
    const { functions } = openApiToFunctions(
      doc({ '/a': { get: { operationId: 'a', description: 'x'.repeat(5000) } } }),
    );
    expect(functions[0]?.description).toHaveLength(1024);
  });
});
