import type { SimScript } from './types';

const DIRECTIVE = '[[sim';

/** Thrown for a script that is present but unreadable, so the caller can answer 400 in the provider's shape. */
export class ScriptError extends Error {}

function asScript(value: unknown, where: string): SimScript {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ScriptError(`sim script in ${where} must be a JSON object`);
  }
  return value as SimScript;
}

/**
 * Finds `[[sim {json}]]` in a message. The JSON itself may contain `]]`, so every `]]` after the
 * marker is tried in turn until one closes a parseable object.
 */
export function findDirective(text: string): SimScript | undefined {
  const start = text.indexOf(DIRECTIVE);
  if (start < 0) return undefined;
  const jsonStart = start + DIRECTIVE.length;
  let end = text.indexOf(']]', jsonStart);
  while (end >= 0) {
    try {
      return asScript(JSON.parse(text.slice(jsonStart, end)), 'the message');
    } catch (error) {
      if (error instanceof ScriptError) throw error;
    }
    end = text.indexOf(']]', end + 1);
  }
  throw new ScriptError('sim directive in the message is not valid JSON');
}

/** The header wins over the message directive; neither means "no script". */
export function readScript(header: string | undefined, lastUserText: string): SimScript | undefined {
  if (header !== undefined && header.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(header);
    } catch {
      throw new ScriptError('x-sim-script header is not valid JSON');
    }
    return asScript(parsed, 'the x-sim-script header');
  }
  return findDirective(lastUserText);
}
