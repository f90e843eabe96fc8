/** The longest OpenAPI schema an action may hold, in characters. */
export const ACTION_SPEC_MAX_CHARS = 1_000_000;
/** The most operations one action may turn into tools (OpenAI's own limit of tools per assistant). */
export const ACTION_MAX_OPERATIONS = 128;
/** The editor parses the schema this long after the last keystroke. */
export const ACTION_SCHEMA_DEBOUNCE_MS = 800;
