import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for every browser spec; each spec registers its own users, so they do not interfere. */
export default async function setup(project: TestProject) {
  // A high login limit: the rate limit has its own API tests, and the flows here sign in many times.
  const server = await startServer({ LOGIN_MAX: '1000', REGISTER_MAX: '1000' });
  project.provide('baseUrl', server.baseUrl);
  return async () => server.stop();
}
