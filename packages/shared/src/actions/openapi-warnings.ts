import { ACTION_METHODS } from './openapi-functions';
import { isObject, resolveRef, UnresolvedRefError, type JsonObject } from './openapi-refs';

/**
 * Warnings for responses that reference a component the document lacks. Responses are not used to call the API, so
 * such a reference only warns (the response is read as an empty schema), in the words LibreChat's editor shows:
 * `In context=('paths', '/pets', 'get', '200', 'response', 'content', 'application/json', 'schema'), reference to
 * unknown component Pet; using empty schema`.
 */
export function unknownResponseRefWarnings(doc: JsonObject): string[] {
  const warnings: string[] = [];
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of ACTION_METHODS) {
      const op = item[method];
      if (!isObject(op) || !isObject(op['responses'])) continue;
      for (const [status, response] of Object.entries(op['responses'])) {
        const where = ['paths', path, method, status, 'response'];
        const resolved = followed(doc, response, where, warnings);
        if (!resolved || !isObject(resolved['content'])) continue;
        for (const [media, body] of Object.entries(resolved['content'])) {
          if (isObject(body)) followed(doc, body['schema'], [...where, 'content', media, 'schema'], warnings);
        }
      }
    }
  }
  return warnings;
}

/** The object, or what its `$ref` points at; a warning (and undefined) when the reference names nothing. */
function followed(
  doc: JsonObject,
  value: unknown,
  where: string[],
  warnings: string[],
): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const ref = value['$ref'];
  if (typeof ref !== 'string') return value;
  try {
    return resolveRef(doc, ref);
  } catch (error) {
    if (!(error instanceof UnresolvedRefError)) throw error;
    const context = where.map((part) => `'${part}'`).join(', ');
    warnings.push(
      `In context=(${context}), reference to unknown component ${ref.split('/').pop()}; using empty schema`,
    );
    return undefined;
  }
}
