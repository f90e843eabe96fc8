import type { LoadConfigInput } from './load-config';

/** What the entry points hand to loadConfig; kept here because only src/config may touch process.env. */
export function processInput(): LoadConfigInput {
  return { env: process.env, cwd: process.cwd() };
}
