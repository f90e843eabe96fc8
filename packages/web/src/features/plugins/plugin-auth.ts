import { PLUGIN_AUTH_MIN_LENGTH, type PluginAuthField } from '@parley/shared';

/** The values of an auth form, by `authField`. */
export type AuthValues = Record<string, string>;

/** A field the server would refuse, with its label for the message (said in the user's language). */
export interface AuthProblem {
  authField: string;
  label: string;
}

/**
 * The fields the server would refuse, checked before sending with the server's own rule (at least
 * PLUGIN_AUTH_MIN_LENGTH characters once trimmed), so a typo is caught without a round trip.
 */
export function authProblems(fields: readonly PluginAuthField[], values: AuthValues): AuthProblem[] {
  return fields
    .filter((field) => (values[field.authField] ?? '').trim().length < PLUGIN_AUTH_MIN_LENGTH)
    .map(({ authField, label }) => ({ authField, label }));
}

/** The body's `auth`: each field's value, trimmed, as the server saves it. */
export function authPayload(fields: readonly PluginAuthField[], values: AuthValues): AuthValues {
  return Object.fromEntries(fields.map((f) => [f.authField, (values[f.authField] ?? '').trim()]));
}

const TOO_SHORT = new RegExp(`^(.+) must be at least ${PLUGIN_AUTH_MIN_LENGTH} characters long$`);

/**
 * The label of the server's too-short refusal ('{label} must be at least 10 characters long'), so the banner can
 * say it in the user's language; null for any other message, shown as the server wrote it.
 */
export function tooShortLabel(message: string): string | null {
  return TOO_SHORT.exec(message)?.[1] ?? null;
}
