import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './load-config';
import { expectConfigError, loadWithYaml, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const fixture = readFileSync(new URL('./fixtures/librechat.yaml', import.meta.url), 'utf8');
const fixtureEnv = {
  MISTRAL_API_KEY: 'mistral-secret',
  OPENROUTER_KEY: 'or-secret',
  ROUTER_APP_TITLE: 'Acme',
};

describe('a LibreChat 1.0.3 file with two custom endpoints', () => {
  it('loads, with its values coming through', () => {
    const { config, notices } = loadWithYaml(fixture, fixtureEnv);
    const yaml = config.yaml!;
    expect(yaml.version).toBe('1.0.3');
    expect(yaml.cache).toBe(true);
    expect(yaml.fileStrategy).toBe('local');

    const [mistral, router] = yaml.endpoints?.custom ?? [];
    expect(mistral).toMatchObject({
      name: 'Mistral',
      apiKey: 'mistral-secret',
      baseURL: 'https://api.mistral.ai/v1',
      models: { default: ['mistral-tiny', 'mistral-small', 'mistral-medium'], fetch: true },
      titleMethod: 'completion',
      addParams: { safe_prompt: true },
      dropParams: ['stop', 'user', 'frequency_penalty', 'presence_penalty'],
    });
    expect(router).toMatchObject({
      name: 'OpenRouter',
      apiKey: 'or-secret',
      models: { fetch: true, userIdQuery: true },
      headers: { 'HTTP-Referer': 'https://chat.example.com', 'X-Title': 'Acme chat' },
    });
    expect(yaml.endpoints?.assistants).toMatchObject({ pollIntervalMs: 750, timeoutMs: 180000 });
    expect(yaml.rateLimits?.fileUploads).toEqual({
      ipMax: 100,
      ipWindowInMinutes: 60,
      userMax: 50,
      userWindowInMinutes: 30,
    });
    expect(yaml.fileConfig?.endpoints?.assistants?.supportedMimeTypes).toEqual([
      'image/.*',
      'application/pdf',
    ]);
    expect(yaml.fileConfig?.endpoints?.openAI?.disabled).toBe(true);

    expect(config.auth.socialLogins).toEqual(['github', 'google', 'openid']);
    expect(config.auth.allowedDomains).toEqual(['example.com', 'partner.example.org']);
    expect(config.app.avatarSizeLimit).toBe(4 * 1024 * 1024);
    expect(notices.filter((n) => !n.startsWith('Generated'))).toEqual([]);
  });

  it('is deeply frozen', () => {
    const { config } = loadWithYaml(fixture, fixtureEnv);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.yaml?.endpoints?.custom?.[0]?.models.default)).toBe(true);
    expect(() => (config.auth.socialLogins as string[]).push('discord')).toThrow();
  });
});

describe('without a YAML file', () => {
  it('runs on defaults when the default file is absent', () => {
    const dir = tempDir();
    const { config } = loadConfig({ env: {}, cwd: dir });
    expect(config.yaml).toBeNull();
    expect(config.configFile).toBeNull();
    expect(config.auth.socialLogins).toEqual(['github', 'google', 'discord', 'openid', 'facebook']);
    expect(config.auth.allowedDomains).toBeNull();
    expect(config.app.avatarSizeLimit).toBe(2 * 1024 * 1024);
  });

  it('reads ./parley.yaml from the working directory when CONFIG_PATH is unset', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'parley.yaml'), fixture);
    const { config } = loadConfig({ env: fixtureEnv, cwd: dir });
    expect(config.configFile).toBe(join(dir, 'parley.yaml'));
    expect(config.yaml?.endpoints?.custom).toHaveLength(2);
  });

  it('refuses a CONFIG_PATH that names a missing file', () => {
    const dir = tempDir();
    const error = expectConfigError(
      () => loadConfig({ env: { CONFIG_PATH: 'nowhere.yaml' }, cwd: dir }),
      'CONFIG_PATH',
    );
    expect(error.message).toContain(join(dir, 'nowhere.yaml'));
  });
});

describe('WEB_DIST_DIR', () => {
  it('serves a web build kept elsewhere, and only when it holds an index.html', () => {
    const dir = tempDir();
    const dist = tempDir();
    const load = () => loadConfig({ env: { DATA_DIR: dir, WEB_DIST_DIR: dist }, cwd: dir }).config;
    expect(load().webDistDir).toBeNull();
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    expect(load().webDistDir).toBe(dist);
  });
});
