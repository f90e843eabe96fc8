import type { ActionOperation } from '@parley/shared';
import { ToolError } from '../tools/tool';

/** A request ready for the guarded fetch. */
export interface ActionRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Headers the request itself sets: a parameter of that name is not sent. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
]);

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/**
 * The request of one operation from the model's arguments: path parameters filled in (each percent-encoded, and
 * none may be `.` or `..`, so an argument cannot climb out of the operation's path), query parameters in the query
 * (lists repeated), header parameters as headers, body fields as JSON or a form. Arguments the operation does not
 * declare are not sent. Throws ToolError, before anything is sent, for a missing path parameter or a value of a
 * shape its place cannot carry.
 */
export function buildActionRequest(
  op: ActionOperation,
  serverUrl: string,
  args: Record<string, unknown>,
): ActionRequest {
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
  const body: Record<string, unknown> = {};
  let path = op.path;
  for (const [name, where] of Object.entries(op.locations)) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    if (where === 'path') path = path.split(`{${name}}`).join(pathSegment(name, value));
    else if (where === 'query') addQuery(query, name, value);
    else if (where === 'header') {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = headerValue(name, value);
    } else body[name] = value;
  }
  const unfilled = /\{([^{}]+)\}/.exec(path);
  if (unfilled) throw new ToolError(`the path parameter "${unfilled[1]}" is missing`);
  // URLs read a `.` or `..` segment as a step within the path (encoded or not), so no argument may make one.
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new ToolError('a path parameter may not be "." or ".."');
  }
  const search = query.toString();
  const request: ActionRequest = {
    url: `${serverUrl}${path.startsWith('/') ? '' : '/'}${path}${search ? `?${search}` : ''}`,
    method: op.method.toUpperCase(),
    headers,
  };
  const hasBody = Object.keys(body).length > 0;
  if (op.bodyType && (hasBody || op.method !== 'get')) {
    const payload = op.wholeBody ? (body[op.wholeBody] ?? null) : body;
    if (op.bodyType === 'form') {
      request.body = formOf(payload);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      request.body = JSON.stringify(payload);
      headers['content-type'] = 'application/json';
    }
  }
  return request;
}

function pathSegment(name: string, value: unknown): string {
  if (!isScalar(value))
    throw new ToolError(`the path parameter "${name}" must be a string, number or boolean`);
  const text = String(value);
  if (text === '') throw new ToolError(`the path parameter "${name}" is empty`);
  return encodeURIComponent(text);
}

function addQuery(query: URLSearchParams, name: string, value: unknown): void {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (!isScalar(item)) {
      throw new ToolError(
        `the query parameter "${name}" must be a string, number, boolean or a list of them`,
      );
    }
    query.append(name, String(item));
  }
}

function headerValue(name: string, value: unknown): string {
  if (!isScalar(value)) throw new ToolError(`the header "${name}" must be a string, number or boolean`);
  const text = String(value);
  // A line break would start a header of the model's choosing.
  if (/[\r\n\0]/.test(text)) throw new ToolError(`the header "${name}" holds a line break`);
  return text;
}

function formOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ToolError('a form body must be an object of fields');
  }
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    form.append(key, isScalar(value) ? String(value) : JSON.stringify(value));
  }
  return form.toString();
}
