import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config';

// The Docker files can't be run on a machine without a Docker daemon; what can be checked without one is
// checked here: the compose file's Parley settings are a configuration Parley accepts (PostgreSQL, Redis, the
// S3 bucket), and the image's last stage runs unprivileged with its data in a volume and a health check.
// compiled-server.test.ts runs the image's CMD itself.

const ROOT = resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}

/** Compose's `${NAME:-default}` with nothing set in the environment, and `$$` for a literal `$`. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1').replace(/\$\$/g, '$');

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, ComposeService>;
  };
  const parley = compose.services.parley!;

  it('gives Parley a configuration it accepts: PostgreSQL, Redis and the S3-compatible bucket', () => {
    const env = Object.fromEntries(
      Object.entries(parley.environment ?? {}).map(([name, value]) => [name, withDefaults(String(value))]),
    );
    // The mounted config file, read from the repository instead of the container's path.
    const mount = (parley.volumes ?? []).find((v) => v.split(':')[1] === env.CONFIG_PATH);
    expect(mount, 'a volume mounts CONFIG_PATH').toBeDefined();
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-compose-'));
    dirs.push(dataDir);
    const { config } = loadConfig({
      env: { ...env, CONFIG_PATH: resolve(ROOT, mount!.split(':')[0]!), DATA_DIR: dataDir },
      cwd: dataDir,
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/parley:[^@]+@postgres:5432\/parley$/);
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.files?.strategy).toBe('s3');
    expect(config.files?.s3).toMatchObject({ bucket: 'parley', endpoint: 'http://minio:9000' });
    // An empty provider key from an unset variable means "no provider", not a key of "".
    expect(config.providers?.openAI).toBeUndefined();
  });

  it('starts Parley after the services it depends on, all defined here', () => {
    const needs = Object.keys(parley.depends_on ?? {});
    expect(needs.sort()).toEqual(['minio-bucket', 'postgres', 'redis']);
    for (const name of needs) expect(compose.services[name], name).toBeDefined();
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const finalStage = text.slice(text.lastIndexOf('\nFROM '));

  it('runs the compiled server and the built web app, not as root, with a volume and a health check', () => {
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^VOLUME \/data$/m);
    expect(finalStage).toMatch(/DATA_DIR=\/data/);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/health/m);
    expect(finalStage).toContain('COPY --from=build /app/packages/server/dist packages/server/dist/');
    expect(finalStage).toContain('COPY --from=build /app/packages/web/dist packages/web/dist/');
    expect(finalStage).not.toMatch(/tsx/);
  });
});
