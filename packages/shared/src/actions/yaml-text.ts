import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

/** A YAML (or JSON: JSON is YAML) text read into a value, or its syntax errors with their lines. */
export type YamlRead =
  { ok: true; value: unknown } | { ok: false; errors: { message: string; line?: number; column?: number }[] };

/** Aliases a document may expand: enough for a real schema, too few for an "exponential entity" bomb. */
const MAX_ALIASES = 100;

/** Reads YAML 1.2 (core schema): duplicate keys and alias bombs are errors; line and column come from the parser. */
export function readYaml(text: string): YamlRead {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.slice(0, 5).map((e) => ({
        message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
        ...(e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : {}),
      })),
    };
  }
  return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIASES }) };
}

/** The 1-based line of a top-level key (`servers`, `paths`) in a YAML or JSON text, when the text has it. */
export function lineOfTopKey(text: string, key: string): number | undefined {
  try {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter });
    if (!isMap(doc.contents)) return undefined;
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.value === key && pair.key.range) {
        return lineCounter.linePos(pair.key.range[0]).line;
      }
    }
  } catch {
    // No line then: the message alone is still right.
  }
  return undefined;
}
