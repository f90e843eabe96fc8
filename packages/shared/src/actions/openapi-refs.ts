/** A JSON value as a parsed schema holds it. */
export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `$ref` that names nothing in the document (or points outside it); its message names the reference. */
export class UnresolvedRefError extends Error {
  constructor(readonly ref: string) {
    super(`Could not resolve reference: ${ref}`);
    this.name = 'UnresolvedRefError';
  }
}

/** How many `$ref`s may be followed in a row before a chain is taken for a loop. */
const MAX_HOPS = 32;

/**
 * The object a local `$ref` (`#/components/schemas/Pet`, `#/components/requestBodies/NewPet`, any JSON pointer into
 * the document) points at, following chains of references. Throws UnresolvedRefError for a reference to nothing,
 * to another document, to a non-object, or a chain that loops.
 */
export function resolveRef(doc: JsonObject, ref: string): JsonObject {
  let target: unknown = { $ref: ref };
  for (let hop = 0; isObject(target) && typeof target['$ref'] === 'string'; hop += 1) {
    const current = target['$ref'];
    if (hop >= MAX_HOPS || !current.startsWith('#/')) throw new UnresolvedRefError(ref);
    target = pointer(doc, current);
    if (target === undefined) throw new UnresolvedRefError(current);
  }
  if (!isObject(target)) throw new UnresolvedRefError(ref);
  return target;
}

/** The object itself, or what its `$ref` points at. */
export function deref(doc: JsonObject, value: unknown): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  return typeof value['$ref'] === 'string' ? resolveRef(doc, value['$ref']) : value;
}

/** Follows a JSON pointer (`#/a/b~1c`); undefined where it leads nowhere. */
function pointer(doc: JsonObject, ref: string): unknown {
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at) && /^\d+$/.test(key)) at = at[Number(key)];
    else if (isObject(at) && Object.prototype.hasOwnProperty.call(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}
