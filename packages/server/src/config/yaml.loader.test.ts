import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ConfigError } from './config-error';
import { expectConfigError, loadWithYaml, removeTempDirs } from './temp-config.test-helpers';

afterEach(removeTempDirs);

type Doc = Record<string, unknown>;

/** The smallest valid file; each test breaks one thing in a fresh copy. */
function base(): Doc {
  return {
    version: '1.0.3',
    fileConfig: { endpoints: { default: { supportedMimeTypes: ['image/.*'] } } },
    endpoints: {
      assistants: { models: { default: ['gpt-4'] } },
      custom: [
        { name: 'Local', apiKey: 'k', baseURL: 'http://localhost:1234/v1', models: { default: ['m1'] } },
        { name: 'Other', apiKey: 'k', baseURL: 'http://localhost:1235/v1', models: { default: ['m2'] } },
      ],
    },
  };
}

const load = (doc: unknown) => () => loadWithYaml(stringify(doc));

describe('YAML rules', () => {
  it('loads the base file', () => {
    expect(loadWithYaml(stringify(base())).config.yaml?.endpoints?.custom?.[1]?.name).toBe('Other');
  });

  it('refuses a custom endpoint named like a built-in one', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[1].name', 'anthropic');
    const error = expectConfigError(load(doc), 'endpoints.custom[1].name');
    expect(error.message).toContain('built-in');
  });

  it('refuses a custom endpoint name that differs from a built-in one only by case', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].name', 'OpenAI');
    const error = expectConfigError(load(doc), 'endpoints.custom[0].name');
    expect(error.message).toContain('"openAI"');
  });

  it('refuses two custom endpoints with one name', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[1].name', 'local');
    expectConfigError(load(doc), 'endpoints.custom[1].name');
  });

  it('refuses a custom endpoint without a default model', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[1].models.default', []);
    const error = expectConfigError(load(doc), 'endpoints.custom[1].models.default');
    expect(error.message).toContain('at least one model');
  });

  it('refuses a custom endpoint with no models section', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].models', undefined);
    expectConfigError(load(doc), 'endpoints.custom[0].models');
  });

  it('refuses an assistants endpoint without a default model', () => {
    const doc = base();
    setPath(doc, 'endpoints.assistants.models.default', []);
    expectConfigError(load(doc), 'endpoints.assistants.models.default');
  });

  it('refuses an endpoints section with no field', () => {
    expectConfigError(load({ version: '1.0.3', endpoints: {} }), 'endpoints');
    expectConfigError(() => loadWithYaml('version: 1.0.3\nendpoints:\n'), 'endpoints');
    expectConfigError(load({ version: '1.0.3', endpoints: { custom: [] } }), 'endpoints');
  });

  it('refuses a mime type that is not a valid regular expression', () => {
    const doc = base();
    setPath(doc, 'fileConfig.endpoints.default.supportedMimeTypes', ['image/.*', 'image/(']);
    const error = expectConfigError(load(doc), 'fileConfig.endpoints.default.supportedMimeTypes[1]');
    expect(error.message).toContain('regular expression');
  });

  it('refuses a mime type that is not a string', () => {
    const doc = base();
    setPath(doc, 'fileConfig.endpoints.default.supportedMimeTypes', [5]);
    expectConfigError(load(doc), 'fileConfig.endpoints.default.supportedMimeTypes[0]');
  });

  it.each([
    ['fileConfig.endpoints.default.fileLimit'],
    ['fileConfig.endpoints.default.fileSizeLimit'],
    ['fileConfig.endpoints.default.totalSizeLimit'],
    ['fileConfig.serverFileSizeLimit'],
    ['fileConfig.avatarSizeLimit'],
    ['rateLimits.fileUploads.ipMax'],
    ['rateLimits.fileUploads.ipWindowInMinutes'],
    ['rateLimits.fileUploads.userMax'],
    ['rateLimits.fileUploads.userWindowInMinutes'],
  ])('refuses a negative %s', (field) => {
    const doc = base();
    setPath(doc, field, -1);
    const error = expectConfigError(load(doc), field);
    expect(error.message).toContain('at least 0');
  });

  it('accepts limits of 0', () => {
    const doc = base();
    setPath(doc, 'fileConfig.endpoints.default.fileLimit', 0);
    setPath(doc, 'rateLimits.fileUploads.userMax', 0);
    expect(() => load(doc)()).not.toThrow();
  });

  it('refuses a key of the wrong type, naming the field and the type', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].apiKey', 5);
    const error = expectConfigError(load(doc), 'endpoints.custom[0].apiKey');
    expect(error.message).toMatch(/must be a string, got number/);
  });

  it('refuses a missing required key', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[1].baseURL', undefined);
    const error = expectConfigError(load(doc), 'endpoints.custom[1].baseURL');
    expect(error.message).toContain('is required');
  });

  it.each([['2.0.0'], ['1.1.0'], ['1.0']])('refuses config version %s', (version) => {
    expectConfigError(load({ ...base(), version }), 'version');
  });

  it('refuses a version YAML reads as a number, and a missing version', () => {
    expectConfigError(
      () => loadWithYaml(stringify(base()).replace(/^version: .*$/m, 'version: 1.0')),
      'version',
    );
    const { version: _version, ...rest } = base();
    expectConfigError(load(rest), 'version');
  });

  it('refuses an unknown social login provider', () => {
    expectConfigError(
      load({ ...base(), registration: { socialLogins: ['github', 'myspace'] } }),
      'registration.socialLogins[1]',
    );
  });

  it('refuses an unknown file strategy', () => {
    expectConfigError(load({ ...base(), fileStrategy: 'floppy' }), 'fileStrategy');
  });

  it('refuses supportedIds together with excludedIds', () => {
    const doc = base();
    setPath(doc, 'endpoints.assistants.supportedIds', ['a']);
    setPath(doc, 'endpoints.assistants.excludedIds', ['b']);
    expectConfigError(load(doc), 'endpoints.assistants.excludedIds');
  });

  it('refuses malformed YAML, saying so with the line', () => {
    let caught: unknown;
    try {
      loadWithYaml('version: 1.0.3\nendpoints:\n  custom: [\n    - name: x\n');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).field).toBe('CONFIG_PATH');
    expect((caught as ConfigError).message).toMatch(/parley\.yaml is not valid YAML at line \d+/);
  });

  it('refuses a file that is not a mapping', () => {
    expectConfigError(() => loadWithYaml('- just\n- a list\n'), 'version');
  });
});

describe('YAML tolerance', () => {
  it('loads unknown keys and reports them as notices', () => {
    const doc = { ...base(), interface: { privacyPolicy: { externalUrl: 'x' } } };
    setPath(doc, 'endpoints.custom[0].baseUrl', 'typo');
    const { config, notices } = loadWithYaml(stringify(doc));
    expect(config.yaml).not.toBeNull();
    // Parley reads interface.temporaryChatRetention; LibreChat's other interface keys are reported.
    expect(notices.join('\n')).toContain('interface.privacyPolicy is not a setting Parley knows');
    expect(notices.join('\n')).toContain('endpoints.custom[0].baseUrl is not a setting Parley knows');
  });

  it('takes interface.temporaryChatRetention in hours, 1 to 8760, and refuses others naming it', () => {
    const doc = { ...base(), interface: { temporaryChatRetention: 48 } };
    const { config, notices } = loadWithYaml(stringify(doc));
    expect(config.yaml?.interface?.temporaryChatRetention).toBe(48);
    expect(notices.join('\n')).not.toContain('interface');
    for (const bad of [0, 8761, 1.5, 'a week']) {
      expectConfigError(
        () => loadWithYaml(stringify({ ...base(), interface: { temporaryChatRetention: bad } })),
        'interface.temporaryChatRetention',
      );
    }
  });

  it('takes visionModels on custom and built-in endpoints without a notice; an empty name is refused', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].visionModels', ['qwen-vl-*']);
    setPath(doc, 'endpoints.openAI', { visionModels: ['my-vl'], streamRate: 25 });
    const { config, notices } = loadWithYaml(stringify(doc));
    expect(config.yaml?.endpoints?.custom?.[0]?.visionModels).toEqual(['qwen-vl-*']);
    expect(config.yaml?.endpoints?.openAI?.visionModels).toEqual(['my-vl']);
    expect(notices.join('\n')).not.toContain('visionModels');
    // LibreChat's other keys there are still reported.
    expect(notices.join('\n')).toContain('endpoints.openAI.streamRate is not a setting Parley knows');
    setPath(doc, 'endpoints.anthropic', { visionModels: [''] });
    expectConfigError(load(doc), 'endpoints.anthropic.visionModels[0]');
  });

  it('leaves an unset ${VAR} as written and says so', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].apiKey', '${NOT_SET_ANYWHERE}');
    const { config, notices } = loadWithYaml(stringify(doc));
    expect(config.yaml?.endpoints?.custom?.[0]?.apiKey).toBe('${NOT_SET_ANYWHERE}');
    expect(notices.join('\n')).toContain('endpoints.custom[0].apiKey refers to ${NOT_SET_ANYWHERE}');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'treats ${%s} as an unset variable',
    (name) => {
      const doc = base();
      setPath(doc, 'endpoints.custom[0].apiKey', `\${${name}}`);
      const { config, notices } = loadWithYaml(stringify(doc), {});
      expect(config.yaml?.endpoints?.custom?.[0]?.apiKey).toBe(`\${${name}}`);
      expect(notices.join('\n')).toContain(`refers to \${${name}}, which is not set`);
    },
  );

  it('substitutes ${VAR} inside a longer string', () => {
    const doc = base();
    setPath(doc, 'endpoints.custom[0].headers', { Authorization: 'Bearer ${TOKEN}' });
    const { config } = loadWithYaml(stringify(doc), { TOKEN: 'abc' });
    expect(config.yaml?.endpoints?.custom?.[0]?.headers).toEqual({ Authorization: 'Bearer abc' });
  });
});

/** Sets a value at a path written the way errors name fields (`endpoints.custom[1].name`). */
function setPath(doc: Doc, path: string, value: unknown): void {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  const last = keys.pop() as string;
  let node = doc;
  for (const key of keys) node = (node[key] ??= {}) as Doc;
  node[last] = value;
}
