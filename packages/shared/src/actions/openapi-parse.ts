import { ACTION_MAX_OPERATIONS, ACTION_SPEC_MAX_CHARS } from './action-limits';
import { locateJsonError } from './json-error';
import { openApiToFunctions, type ActionFunctionSpec, type ActionOperation } from './openapi-functions';
import { isObject, type JsonObject } from './openapi-refs';
import { unknownResponseRefWarnings } from './openapi-warnings';
import { actionServerOf } from './server-url';
import { lineOfTopKey, readYaml } from './yaml-text';

/** The editor's words for a schema without fault. */
export const SPEC_VALID_MESSAGE = 'OpenAPI spec is valid.';
/** The three refusals of a schema, in the words LibreChat's editor shows. */
export const SPEC_ERRORS = {
  noServer: 'Could not find a valid URL in `servers`',
  noPaths: 'No paths found in the OpenAPI spec.',
  parse: 'Error parsing OpenAPI spec.',
} as const;

/** One problem of a schema: the headline first, then details; `line`/`column` are 1-based. */
export interface SpecError {
  message: string;
  line?: number;
  column?: number;
}

export type ParseOpenApiResult =
  | {
      ok: true;
      spec: JsonObject;
      functions: ActionFunctionSpec[];
      /** The editor's "Available actions" rows (name, method, path) with what the server needs to call each. */
      operations: ActionOperation[];
      /** The first server's host name: what the action's function names and `metadata.domain` carry. */
      domain: string;
      /** The first server's URL with its variables filled in, without a trailing slash. */
      serverUrl: string;
      /** Problems that do not stop the schema from working (a response referencing an unknown component). */
      warnings: string[];
      /** What the editor shows: the warnings, one a line, or "OpenAPI spec is valid.". */
      message: string;
    }
  | { ok: false; errors: SpecError[] };

/**
 * Reads an action's OpenAPI 3 schema the way the editor and the server both do: as JSON, else as YAML; then checks it
 * has a usable first server and paths, and turns its operations into functions. Never throws: every fault is an
 * error entry whose first `message` is one of SPEC_ERRORS (with line info where the text shows it).
 */
export function parseOpenApi(text: string): ParseOpenApiResult {
  if (text.length > ACTION_SPEC_MAX_CHARS) {
    return fail(SPEC_ERRORS.parse, [
      { message: `The schema is longer than ${ACTION_SPEC_MAX_CHARS} characters` },
    ]);
  }
  const read = readDocument(text);
  if (!read.ok) return read;
  const doc = read.value;
  const server = actionServerOf(doc['servers']);
  if (!server) return fail(SPEC_ERRORS.noServer, [], lineOfTopKey(text, 'servers'));
  const paths = doc['paths'];
  if (!isObject(paths) || Object.keys(paths).length === 0) {
    return fail(SPEC_ERRORS.noPaths, [], lineOfTopKey(text, 'paths'));
  }
  try {
    const { functions, operations, warnings } = openApiToFunctions(doc);
    if (operations.length > ACTION_MAX_OPERATIONS) {
      return fail(SPEC_ERRORS.parse, [
        {
          message: `The schema has ${operations.length} operations; an action may have at most ${ACTION_MAX_OPERATIONS}`,
        },
      ]);
    }
    const all = [...unknownResponseRefWarnings(doc), ...warnings];
    return {
      ok: true,
      spec: doc,
      functions,
      operations,
      domain: server.domain,
      serverUrl: server.url,
      warnings: all,
      message: all.join('\n') || SPEC_VALID_MESSAGE,
    };
  } catch (error) {
    // An UnresolvedRefError, two operations of one name, or a schema nested past the stack.
    return fail(SPEC_ERRORS.parse, error instanceof Error ? [{ message: error.message }] : []);
  }
}

type Read = { ok: true; value: JsonObject } | { ok: false; errors: SpecError[] };

/** JSON first; a text JSON refuses is read as YAML; a text that looks like JSON reports JSON's error if YAML fails. */
function readDocument(text: string): Read {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    let yaml: ReturnType<typeof readYaml>;
    try {
      yaml = readYaml(text);
    } catch (error) {
      // An alias bomb, or nesting deep enough to exhaust the stack.
      return fail(SPEC_ERRORS.parse, [{ message: (error as Error).message }]);
    }
    if (!yaml.ok) {
      const trimmed = text.trimStart();
      if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        const at = locateJsonError(text);
        return fail(SPEC_ERRORS.parse, [{ message: at.message, line: at.line, column: at.column }]);
      }
      return fail(SPEC_ERRORS.parse, yaml.errors);
    }
    value = yaml.value;
  }
  if (!isObject(value)) {
    return fail(SPEC_ERRORS.parse, [{ message: 'The schema is not an object of OpenAPI fields' }]);
  }
  return { ok: true, value };
}

function fail(headline: string, details: SpecError[], line?: number): { ok: false; errors: SpecError[] } {
  const first = details[0];
  // The headline carries the place of its first detail, so an editor showing only the headline still has a line.
  const place =
    line !== undefined
      ? { line }
      : first?.line !== undefined
        ? { line: first.line, ...(first.column !== undefined ? { column: first.column } : {}) }
        : {};
  return { ok: false, errors: [{ message: headline, ...place }, ...details] };
}
