import { describe, expect, it } from 'vitest';
import { ACTION_SPEC_MAX_CHARS } from './action-limits';
import { BLANK_TEMPLATE_EXAMPLE, PET_STORE_EXAMPLE, WEATHER_EXAMPLE } from './action-examples';
import { parseOpenApi, SPEC_ERRORS, SPEC_VALID_MESSAGE } from './openapi-parse';

const spec = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'ok' } } } } },
    ...extra,
  });

describe('parseOpenApi', () => {
  it('reads the Weather example (JSON) with its functions, table and domain', () => {
    const result = parseOpenApi(WEATHER_EXAMPLE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.domain).toBe('api.weather.gov');
    expect(result.serverUrl).toBe('https://api.weather.gov');
    expect(result.message).toBe(SPEC_VALID_MESSAGE);
    expect(result.operations.map(({ name, method, path }) => ({ name, method, path }))).toEqual([
      { name: 'GetGridPoint', method: 'get', path: '/points/{point}' },
      { name: 'GetForecast', method: 'get', path: '/gridpoints/{office}/{gridX},{gridY}/forecast' },
    ]);
    expect(result.functions[1]).toEqual({
      name: 'GetForecast',
      description: 'The forecast of a grid cell, in twelve-hour periods',
      parameters: {
        type: 'object',
        properties: {
          office: { type: 'string' },
          gridX: { type: 'integer' },
          gridY: { type: 'integer' },
          units: { type: 'string', enum: ['us', 'si'] },
        },
        required: ['office', 'gridX', 'gridY'],
      },
    });
  });

  it('reads the Pet Store example (YAML), resolving its request body $ref', () => {
    const result = parseOpenApi(PET_STORE_EXAMPLE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.domain).toBe('petstore3.swagger.io');
    const addPet = result.functions.find((f) => f.name === 'addPet');
    expect(addPet?.parameters).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string', description: "The pet's name" },
        status: { type: 'string', enum: ['available', 'pending', 'sold'] },
      },
      required: ['name'],
    });
    expect(result.operations.find((o) => o.name === 'addPet')).toMatchObject({
      method: 'post',
      locations: { id: 'body', name: 'body', status: 'body' },
      bodyType: 'json',
    });
  });

  it('refuses the Blank Template for its empty server URL, with the line of `servers`', () => {
    expect(parseOpenApi(BLANK_TEMPLATE_EXAMPLE)).toEqual({
      ok: false,
      errors: [{ message: SPEC_ERRORS.noServer, line: 8 }],
    });
  });

  it.each([
    ['no servers', { servers: undefined }],
    ['an empty list', { servers: [] }],
    ['a relative URL', { servers: [{ url: '/api' }] }],
    ['a non-http URL', { servers: [{ url: 'file:///etc/passwd' }] }],
  ])('says "Could not find a valid URL in `servers`" for %s', (_, extra) => {
    const result = parseOpenApi(spec(extra));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toBe(SPEC_ERRORS.noServer);
  });

  it('says "No paths found in the OpenAPI spec." for missing or empty paths, with the line in YAML', () => {
    const yaml = 'openapi: 3.0.0\nservers:\n  - url: https://a.io\npaths: {}\n';
    expect(parseOpenApi(yaml)).toEqual({ ok: false, errors: [{ message: SPEC_ERRORS.noPaths, line: 4 }] });
    const result = parseOpenApi(spec({ paths: undefined }));
    expect(!result.ok && result.errors[0]).toEqual({ message: SPEC_ERRORS.noPaths });
  });

  it('says "Error parsing OpenAPI spec." with the JSON error line for broken JSON', () => {
    const text = '{\n  "openapi": "3.0.0",\n  "servers": [,]\n}';
    expect(parseOpenApi(text)).toEqual({
      ok: false,
      errors: [
        { message: SPEC_ERRORS.parse, line: 3, column: 15 },
        { message: "Unexpected character ','", line: 3, column: 15 },
      ],
    });
  });

  it('says "Error parsing OpenAPI spec." with the YAML error line for broken YAML', () => {
    const text = 'openapi: 3.0.0\nservers:\n  - url: https://a.io\npaths:\n  /a: [\n';
    const result = parseOpenApi(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ message: SPEC_ERRORS.parse, line: 6 });
    expect(result.errors[1]?.line).toBe(6);
  });

  it.each([
    ['empty text', ''],
    ['a plain string', 'hello'],
    ['a list', '[1, 2]'],
    ['duplicate YAML keys', 'openapi: 3\nopenapi: 3\n'],
  ])('refuses %s as a parse error', (_, text) => {
    const result = parseOpenApi(text);
    expect(!result.ok && result.errors[0]?.message).toBe(SPEC_ERRORS.parse);
  });

  it('refuses a YAML alias bomb and a schema over the size limit without hanging', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i += 1)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const started = Date.now();
    const bomb = parseOpenApi(lines.join('\n'));
    expect(!bomb.ok && bomb.errors[0]?.message).toBe(SPEC_ERRORS.parse);
    expect(Date.now() - started).toBeLessThan(5000);
    const huge = parseOpenApi(' '.repeat(ACTION_SPEC_MAX_CHARS + 1));
    expect(!huge.ok && huge.errors[1]?.message).toBe(
      `The schema is longer than ${ACTION_SPEC_MAX_CHARS} characters`,
    );
  });

  it('only warns for a response that references an unknown component', () => {
    const result = parseOpenApi(
      spec({
        paths: {
          '/pets': {
            get: {
              operationId: 'listPets',
              responses: {
                '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } } },
                '404': { $ref: '#/components/responses/NotFound' },
              },
            },
          },
        },
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.warnings).toEqual([
      "In context=('paths', '/pets', 'get', '200', 'response', 'content', 'application/json', 'schema'), reference to unknown component Pets; using empty schema",
      "In context=('paths', '/pets', 'get', '404', 'response'), reference to unknown component NotFound; using empty schema",
    ]);
    expect(result.message).toBe(result.warnings.join('\n'));
    expect(result.functions.map((f) => f.name)).toEqual(['listPets']);
  });

  it('refuses a request body that references an unknown component, naming the reference', () => {
    const result = parseOpenApi(
      spec({
        paths: {
          '/pets': {
            post: {
              operationId: 'addPet',
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } },
              },
            },
          },
        },
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { message: SPEC_ERRORS.parse },
        { message: 'Could not resolve reference: #/components/schemas/Nope' },
      ],
    });
  });

  it('refuses two operations of one name', () => {
    const op = { operationId: 'same' };
    const result = parseOpenApi(spec({ paths: { '/a': { get: op }, '/b': { get: op } } }));
    expect(!result.ok && result.errors[1]?.message).toBe(
      'Two operations are named "same"; each needs its own operationId',
    );
  });
});
