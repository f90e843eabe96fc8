import { isObject, resolveRef, type JsonObject } from './openapi-refs';

/** How deep a parameter's schema is followed for the model; below that any value is accepted. */
const MAX_DEPTH = 12;

/** Keywords kept, as they are, from an OpenAPI schema for the model's JSON Schema. */
const PLAIN = [
  'title',
  'description',
  'enum',
  'const',
  'default',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
] as const;
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/**
 * An OpenAPI 3 schema as the JSON Schema a model is given and its arguments are checked against: `$ref`s resolved
 * (a reference to itself becomes any object), OpenAPI's `nullable` and boolean `exclusiveMinimum` turned into JSON
 * Schema's forms, and only validation keywords kept. `pattern` and `format` are dropped: a user's regular expression
 * must not run on the server against a model's input, and formats would refuse values the API itself may take.
 * Throws UnresolvedRefError for a reference to nothing.
 */
export function toModelSchema(doc: JsonObject, schema: unknown, seen: readonly string[] = []): JsonObject {
  if (!isObject(schema) || seen.length > MAX_DEPTH) return {};
  if (typeof schema['$ref'] === 'string') {
    const ref = schema['$ref'];
    if (seen.includes(ref)) return { type: 'object' };
    const target = toModelSchema(doc, resolveRef(doc, ref), [...seen, ref]);
    return typeof schema['description'] === 'string'
      ? { ...target, description: schema['description'] }
      : target;
  }
  const out: JsonObject = {};
  for (const key of PLAIN) if (schema[key] !== undefined) out[key] = schema[key];
  const type = typeOf(schema);
  if (type !== undefined) out['type'] = type;
  exclusiveBounds(schema, out);
  const nested = [...seen, ''];
  if (schema['items'] !== undefined) out['items'] = toModelSchema(doc, schema['items'], nested);
  if (isObject(schema['properties'])) {
    const props: JsonObject = {};
    for (const [name, value] of Object.entries(schema['properties']))
      props[name] = toModelSchema(doc, value, nested);
    out['properties'] = props;
    if (Array.isArray(schema['required'])) {
      const required = schema['required'].filter((n): n is string => typeof n === 'string' && n in props);
      if (required.length > 0) out['required'] = required;
    }
  }
  const extra = schema['additionalProperties'];
  if (typeof extra === 'boolean') out['additionalProperties'] = extra;
  else if (isObject(extra)) out['additionalProperties'] = toModelSchema(doc, extra, nested);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0) out[key] = list.map((s) => toModelSchema(doc, s, nested));
  }
  return out;
}

/** `type`, with `nullable: true` (OpenAPI 3.0) as a `null` member (JSON Schema); unknown type names dropped. */
function typeOf(schema: JsonObject): string | string[] | undefined {
  const raw = schema['type'];
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
    (t): t is string => typeof t === 'string' && TYPES.has(t),
  );
  if (schema['nullable'] === true && list.length > 0 && !list.includes('null')) list.push('null');
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : list;
}

/** OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum` is JSON Schema's `exclusiveMinimum: <number>`. */
function exclusiveBounds(schema: JsonObject, out: JsonObject): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = schema[flag];
    if (typeof value === 'number') out[flag] = value;
    else if (value === true && typeof schema[bound] === 'number') {
      out[flag] = schema[bound];
      delete out[bound];
    }
  }
}
