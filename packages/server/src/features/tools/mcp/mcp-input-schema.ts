import { z } from 'zod';

/**
 * The zod schema of an MCP tool's input, from the JSON Schema the server lists (docs/decisions.md (MCP servers)).
 * The runtime validates with it and gives the model its JSON Schema back, so a schema zod can read round-trips.
 * One it cannot read becomes any object: the server still checks its own input, and a tool is not lost to a
 * keyword zod lacks.
 */
export function inputSchemaOf(jsonSchema: unknown): z.ZodType<Record<string, unknown>> {
  try {
    const schema = z.fromJSONSchema(jsonSchema as Parameters<typeof z.fromJSONSchema>[0]);
    // The model is told the input is an object, and MCP's arguments are one; anything else is a broken listing.
    if (schema instanceof z.ZodObject) return schema as unknown as z.ZodType<Record<string, unknown>>;
  } catch {
    // Falls through to the permissive schema.
  }
  return z.looseObject({});
}
