import { describe, expect, it } from 'vitest';
import { KEY_MESSAGES, type EndpointConfig } from '@parley/shared';
import enKeys from '../../locales/en-US/keys.json';
import {
  buildKeyValue,
  DEFAULT_EXPIRY,
  expiresAtFor,
  KEY_EXPIRIES,
  keyFormKind,
  readServiceKeyFile,
  type KeyFormKind,
} from './key-form';

const config = (patch: Partial<EndpointConfig>): EndpointConfig => ({
  type: 'custom',
  userProvide: true,
  userProvideURL: false,
  azure: false,
  order: 0,
  ...patch,
});

const serviceAccount = {
  type: 'service_account',
  client_email: 'bot@project.iam.gserviceaccount.com',
  project_id: 'my-project',
  private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(640)}\n-----END PRIVATE KEY-----\n`,
};
const jsonFile = { name: 'key.json', type: 'application/json' };

describe('keyFormKind', () => {
  it('picks the form from the endpoint config', () => {
    expect(keyFormKind('anthropic', config({ type: 'anthropic' }))).toEqual({ kind: 'plain' });
    // The legacy services' values are not API keys: the field is named for what they are.
    expect(keyFormKind('chatGPTBrowser', config({ type: 'chatGPTBrowser' }))).toEqual({
      kind: 'plain',
      label: 'access_token',
    });
    expect(keyFormKind('bingAI', config({ type: 'bingAI' }))).toEqual({ kind: 'plain', label: 'cookie' });
    expect(keyFormKind('__proto__', config({ type: 'custom' }))).not.toHaveProperty('label');
    expect(keyFormKind('gptPlugins', config({ type: 'gptPlugins' }))).toEqual({ kind: 'plain' });
    expect(keyFormKind('azureOpenAI', config({ type: 'azureOpenAI', azure: true }))).toEqual({
      kind: 'azure',
    });
    expect(keyFormKind('google', config({ type: 'google' }))).toEqual({ kind: 'google' });
    expect(keyFormKind('Mirror', config({}))).toEqual({ kind: 'custom', fields: ['apiKey'] });
    expect(keyFormKind('Mirror', config({ userProvideURL: true }))).toEqual({
      kind: 'custom',
      fields: ['apiKey', 'baseURL'],
    });
    // Only the URL is the user's: the operator's key stays, the form asks for the URL alone.
    expect(keyFormKind('Mirror', config({ userProvide: false, userProvideURL: true }))).toEqual({
      kind: 'custom',
      fields: ['baseURL'],
    });
  });
});

describe('buildKeyValue', () => {
  it('sends a plain key trimmed, and refuses an empty one', () => {
    expect(buildKeyValue({ kind: 'plain' }, { fields: { apiKey: '  sk-1 ' } })).toEqual({
      ok: true,
      value: 'sk-1',
    });
    const empty = buildKeyValue({ kind: 'plain' }, { fields: { apiKey: '   ' } });
    expect(empty).toEqual({
      ok: false,
      error: { key: 'com_endpoint_config_key_value_required', fields: ['apiKey'] },
    });
  });

  it('sends a custom key as JSON and names every missing field', () => {
    const kind: KeyFormKind = { kind: 'custom', fields: ['apiKey', 'baseURL'] };
    const ok = buildKeyValue(kind, { fields: { apiKey: 'k', baseURL: ' https://llm.example.com/v1 ' } });
    expect(ok).toEqual({ ok: true, value: '{"apiKey":"k","baseURL":"https://llm.example.com/v1"}' });
    expect(buildKeyValue(kind, { fields: {} })).toEqual({
      ok: false,
      error: {
        key: 'com_endpoint_config_key_fields_required',
        values: { fields: 'apiKey, baseURL' },
        fields: ['apiKey', 'baseURL'],
      },
    });
    const apiKeyOnly = buildKeyValue({ kind: 'custom', fields: ['apiKey'] }, { fields: { apiKey: '' } });
    expect(apiKeyOnly.ok || apiKeyOnly.error.values).toEqual({ fields: 'apiKey' });
  });

  it('refuses a base URL that is not http(s)', () => {
    const kind: KeyFormKind = { kind: 'custom', fields: ['apiKey', 'baseURL'] };
    const result = buildKeyValue(kind, { fields: { apiKey: 'k', baseURL: 'ftp://x' } });
    expect(result).toEqual({
      ok: false,
      error: { key: 'com_endpoint_config_key_url_invalid', fields: ['baseURL'] },
    });
  });

  it('sends the four Azure fields as JSON, naming the missing ones', () => {
    const fields = {
      azureOpenAIApiKey: 'az',
      azureOpenAIApiInstanceName: 'inst',
      azureOpenAIApiDeploymentName: 'dep',
      azureOpenAIApiVersion: '2024-10-21',
    };
    const ok = buildKeyValue({ kind: 'azure' }, { fields });
    expect(ok.ok && JSON.parse(ok.value)).toEqual(fields);
    const missing = buildKeyValue({ kind: 'azure' }, { fields: { azureOpenAIApiKey: 'az' } });
    expect(missing.ok || missing.error.values?.fields).toBe(
      'azureOpenAIApiInstanceName, azureOpenAIApiDeploymentName, azureOpenAIApiVersion',
    );
  });

  it('prefers an imported Google service account over a typed API key', () => {
    const file = JSON.stringify(serviceAccount);
    expect(buildKeyValue({ kind: 'google' }, { fields: { apiKey: 'g-key' }, serviceKey: file })).toEqual({
      ok: true,
      value: file,
    });
    expect(buildKeyValue({ kind: 'google' }, { fields: { apiKey: 'g-key' } })).toEqual({
      ok: true,
      value: 'g-key',
    });
    expect(buildKeyValue({ kind: 'google' }, { fields: {} }).ok).toBe(false);
  });
});

describe('readServiceKeyFile', () => {
  it('accepts a JSON file with a valid email, project and long private key', () => {
    const text = JSON.stringify(serviceAccount, null, 2);
    expect(readServiceKeyFile(jsonFile, text)).toBe(JSON.stringify(serviceAccount));
    // A .json name is enough when the browser gives no type.
    expect(readServiceKeyFile({ name: 'KEY.JSON', type: '' }, text)).not.toBeNull();
  });

  it('refuses files that are not JSON, or lack or break a field', () => {
    expect(
      readServiceKeyFile({ name: 'key.txt', type: 'text/plain' }, JSON.stringify(serviceAccount)),
    ).toBeNull();
    expect(readServiceKeyFile(jsonFile, '{not json')).toBeNull();
    expect(readServiceKeyFile(jsonFile, '[1,2]')).toBeNull();
    expect(
      readServiceKeyFile(jsonFile, JSON.stringify({ ...serviceAccount, client_email: 'nope' })),
    ).toBeNull();
    expect(readServiceKeyFile(jsonFile, JSON.stringify({ ...serviceAccount, project_id: 'ab' }))).toBeNull();
    const shortKey = { ...serviceAccount, private_key: 'x'.repeat(600) };
    expect(readServiceKeyFile(jsonFile, JSON.stringify(shortKey))).toBeNull();
    expect(
      readServiceKeyFile(jsonFile, JSON.stringify({ ...shortKey, private_key: 'x'.repeat(601) })),
    ).not.toBeNull();
  });
});

describe('expiresAtFor', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);

  it('offers the six spec choices with 12 hours by default', () => {
    expect(KEY_EXPIRIES).toEqual(['30m', '2h', '12h', '1d', '7d', '30d']);
    expect(DEFAULT_EXPIRY).toBe('12h');
  });

  it('counts each choice from now as an ISO date-time', () => {
    expect(expiresAtFor('30m', now)).toBe('2024-01-01T12:30:00.000Z');
    expect(expiresAtFor('2h', now)).toBe('2024-01-01T14:00:00.000Z');
    expect(expiresAtFor('12h', now)).toBe('2024-01-02T00:00:00.000Z');
    expect(expiresAtFor('1d', now)).toBe('2024-01-02T12:00:00.000Z');
    expect(expiresAtFor('7d', now)).toBe('2024-01-08T12:00:00.000Z');
    expect(expiresAtFor('30d', now)).toBe('2024-01-31T12:00:00.000Z');
  });
});

describe('texts', () => {
  it('say what the server says', () => {
    expect(enKeys.com_endpoint_config_key_fields_required).toBe(
      KEY_MESSAGES.fieldsRequired.replace('{fields}', '{{fields}}'),
    );
    expect(enKeys.com_endpoint_config_key_google_invalid_file).toBe(KEY_MESSAGES.invalidServiceKey);
  });
});
