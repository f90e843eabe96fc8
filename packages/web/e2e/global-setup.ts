import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim } from '@parley/sim';
import { startServer } from '@parley/server/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The simulator every provider of the e2e server talks to; `${simUrl}/_sim/requests` is its log. */
    simUrl: string;
  }
}

/** Endpoints of the e2e server: OpenAI and Google with operator keys, Anthropic and one custom user-keyed. */
export function e2eServerEnv(simUrl: string, configDir: string): Record<string, string> {
  const configPath = join(configDir, 'parley.yaml');
  writeFileSync(
    configPath,
    [
      'version: 1.0.3',
      'endpoints:',
      '  custom:',
      '    - name: "Mirror"',
      '      apiKey: "user_provided"',
      `      baseURL: "${simUrl}/v1"`,
      '      models:',
      '        default: ["mirror-small", "mirror-large"]',
      '',
    ].join('\n'),
  );
  return {
    // High limits: the rate limits have their own API tests, and the flows here sign in and send a lot.
    LOGIN_MAX: '1000',
    REGISTER_MAX: '1000',
    MESSAGE_IP_MAX: '10000',
    MESSAGE_USER_MAX: '10000',
    FILE_UPLOAD_IP_MAX: '10000',
    FILE_UPLOAD_USER_MAX: '10000',
    OPENAI_API_KEY: 'sk-e2e-openai',
    OPENAI_REVERSE_PROXY: `${simUrl}/v1`,
    OPENAI_MODELS: 'gpt-3.5-turbo,gpt-4,gpt-4-vision-preview',
    GOOGLE_KEY: 'g-e2e-key',
    GOOGLE_REVERSE_PROXY: simUrl,
    // An operator's list, served as given: the Google model-type specs need PaLM's chat and code models, which no
    // provider lists any more (without a list, the server would ask the simulator for Gemini's current ones).
    GOOGLE_MODELS:
      'gemini-pro,gemini-pro-vision,chat-bison,chat-bison-32k,codechat-bison,codechat-bison-32k,text-bison,text-bison-32k,code-bison,code-bison-32k',
    ANTHROPIC_API_KEY: 'user_provided',
    ANTHROPIC_REVERSE_PROXY: simUrl,
    SEARCH: 'true',
    CONFIG_PATH: configPath,
    // A web build outside packages/web/dist, so parallel runs can each test their own build.
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
  };
}

/** One simulator and one server for every browser spec; each spec registers its own users. */
export default async function setup(project: TestProject) {
  const sim = await startSim({ port: 0, host: '127.0.0.1', defaults: { rate: 200 } });
  const configDir = mkdtempSync(join(tmpdir(), 'parley-e2e-config-'));
  const server = await startServer(e2eServerEnv(sim.url, configDir));
  project.provide('baseUrl', server.baseUrl);
  project.provide('simUrl', sim.url);
  return async () => {
    await server.stop();
    await sim.close();
  };
}
