import { FUNCTION_NAME_PATTERN } from './action-names';
import { deref, isObject, type JsonObject } from './openapi-refs';
import { toModelSchema } from './openapi-schema';

/** The HTTP methods an action's operation may use. */
export const ACTION_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ActionMethod = (typeof ACTION_METHODS)[number];

/** Where an argument of the model goes in the request. */
export type ArgumentLocation = 'path' | 'query' | 'header' | 'body';

/** One function a model may call: its name is the operation's id (the server adds `_action_<domain>`). */
export interface ActionFunctionSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments: an object whose properties are the operation's parameters and body fields. */
  parameters: JsonObject & { type: 'object'; properties: JsonObject; required?: string[] };
}

/** A row of the editor's "Available actions" table. */
export interface ActionOperationRow {
  name: string;
  method: ActionMethod;
  path: string;
}

/** What the server needs to make the request of one function. */
export interface ActionOperation extends ActionOperationRow {
  /** Each argument's place; an argument not listed is not sent. */
  locations: Record<string, ArgumentLocation>;
  /** How the body is encoded when there is one. */
  bodyType?: 'json' | 'form';
  /** The argument that is the whole body, when the body schema is not an object with properties. */
  wholeBody?: string;
}

export interface OpenApiFunctions {
  functions: ActionFunctionSpec[];
  operations: ActionOperation[];
  warnings: string[];
}

/** What the model reads of an operation is at most this long (OpenAI's limit for a function's description). */
const MAX_DESCRIPTION = 1024;

/**
 * Every operation of an OpenAPI 3 document (already parsed) as a function for the model and a request plan: path and
 * operation parameters (path, query, header; cookies are skipped) and the JSON or form body's properties become the
 * function's arguments. Names are the `operationId` (or `<method>_<path>`) without characters a model refuses.
 * Throws UnresolvedRefError for a parameter or body `$ref` that names nothing; duplicate names throw an Error.
 */
export function openApiToFunctions(doc: JsonObject): OpenApiFunctions {
  const out: OpenApiFunctions = { functions: [], operations: [], warnings: [] };
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const names = new Set<string>();
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    if (!item) continue;
    for (const method of ACTION_METHODS) {
      const op = deref(doc, item[method]);
      if (!op) continue;
      const name = functionName(op, method, path);
      if (names.has(name))
        throw new Error(`Two operations are named "${name}"; each needs its own operationId`);
      names.add(name);
      const built = buildOperation(doc, item, op, { name, method, path }, out.warnings);
      out.functions.push(built.fn);
      out.operations.push(built.operation);
    }
  }
  return out;
}

function functionName(op: JsonObject, method: string, path: string): string {
  const clean = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '');
  const given = typeof op['operationId'] === 'string' ? clean(op['operationId']) : '';
  const name = given || clean(`${method}_${path}`);
  return FUNCTION_NAME_PATTERN.test(name) ? name : method;
}

function buildOperation(
  doc: JsonObject,
  item: JsonObject,
  op: JsonObject,
  row: ActionOperationRow,
  warnings: string[],
): { fn: ActionFunctionSpec; operation: ActionOperation } {
  const properties: JsonObject = {};
  const required: string[] = [];
  const locations: Record<string, ArgumentLocation> = {};
  const add = (name: string, schema: JsonObject, where: ArgumentLocation, isRequired: boolean) => {
    if (name in locations) {
      warnings.push(`${row.name}: "${name}" is both a parameter and a body field; the parameter is used`);
      return;
    }
    properties[name] = schema;
    locations[name] = where;
    if (isRequired) required.push(name);
  };
  for (const param of parametersOf(doc, item, op)) {
    const schema = toModelSchema(doc, param.schema);
    if (param.description && schema['description'] === undefined) schema['description'] = param.description;
    add(param.name, schema, param.in, param.in === 'path' || param.required);
  }
  const body = bodyOf(doc, op);
  const operation: ActionOperation = { ...row, locations };
  if (body) {
    operation.bodyType = body.type;
    const schema = toModelSchema(doc, body.schema);
    if (isObject(schema['properties']) && Object.keys(schema['properties']).length > 0) {
      const bodyRequired = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      for (const [name, value] of Object.entries(schema['properties']))
        add(name, value as JsonObject, 'body', bodyRequired.includes(name));
    } else {
      const name = 'body' in locations ? 'requestBody' : 'body';
      add(name, schema, 'body', body.required);
      operation.wholeBody = name;
    }
  }
  const summary = typeof op['summary'] === 'string' ? op['summary'] : '';
  const description = summary || (typeof op['description'] === 'string' ? op['description'] : '');
  const parameters: ActionFunctionSpec['parameters'] = { type: 'object', properties };
  if (required.length > 0) parameters.required = required;
  return {
    fn: { name: row.name, description: description.slice(0, MAX_DESCRIPTION), parameters },
    operation,
  };
}

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: unknown;
}

/** The path item's parameters overridden by the operation's (same name and place); cookies left out. */
function parametersOf(doc: JsonObject, item: JsonObject, op: JsonObject): Param[] {
  const byKey = new Map<string, Param>();
  for (const list of [item['parameters'], op['parameters']]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = deref(doc, raw);
      const where = p?.['in'];
      if (!p || typeof p['name'] !== 'string' || p['name'] === '') continue;
      if (where !== 'path' && where !== 'query' && where !== 'header') continue;
      const content = isObject(p['content']) ? Object.values(p['content'])[0] : undefined;
      byKey.set(`${where}:${p['name']}`, {
        name: p['name'],
        in: where,
        required: p['required'] === true,
        ...(typeof p['description'] === 'string' ? { description: p['description'] } : {}),
        schema: p['schema'] ?? (isObject(content) ? content['schema'] : undefined) ?? { type: 'string' },
      });
    }
  }
  return [...byKey.values()];
}

/** The request body's schema: JSON when offered, else a form, else the first media type sent as JSON. */
function bodyOf(
  doc: JsonObject,
  op: JsonObject,
): { schema: unknown; type: 'json' | 'form'; required: boolean } | undefined {
  const body = deref(doc, op['requestBody']);
  if (!body || !isObject(body['content'])) return undefined;
  const content = body['content'];
  const form = content['application/x-www-form-urlencoded'];
  const json = content['application/json'] ?? (form ? undefined : Object.values(content)[0]);
  const chosen = json ?? form;
  if (!isObject(chosen)) return undefined;
  return {
    schema: chosen['schema'] ?? {},
    type: json ? 'json' : 'form',
    required: body['required'] === true,
  };
}
