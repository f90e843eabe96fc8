import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { ConfigError } from './config-error';
import type { Env } from './env-reader';
import { substituteEnv } from './env-substitution';
import { unknownKeys } from './unknown-keys';
import { describeIssue, formatPath } from './yaml-issues';
import { yamlConfigSchema, type YamlConfig } from './yaml.schema';

// The parser loads only when there is a file to read (about 8 MB that a server configured by its environment
// alone never needs); a synchronous require of its CommonJS build keeps config loading synchronous.
const load = createRequire(import.meta.url);
const yamlLibrary = () => load('yaml') as typeof Yaml;

export interface YamlSource {
  path: string;
  /** A file the operator named must exist; the default one may be absent. */
  explicit: boolean;
}

/** Reads, substitutes and validates the YAML file; null when there is none to read. */
export function loadYamlConfig(
  source: YamlSource,
  env: Env,
  notices: string[],
): { yaml: YamlConfig; path: string } | null {
  if (!existsSync(source.path)) {
    if (!source.explicit) return null;
    throw new ConfigError('CONFIG_PATH', `CONFIG_PATH names ${source.path}, which does not exist`);
  }
  const raw = parseYaml(source.path);
  const substituted = substituteEnv(raw, env, notices);
  const result = yamlConfigSchema.safeParse(substituted, { error: describeIssue });
  if (!result.success) {
    const [first] = result.error.issues;
    const lines = result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    const detail = lines.length === 1 ? lines[0] : `${lines.length} problems:\n  ${lines.join('\n  ')}`;
    throw new ConfigError(formatPath(first?.path ?? []), `${source.path}: ${detail}`);
  }
  for (const key of unknownKeys(yamlConfigSchema, substituted)) {
    notices.push(`${source.path}: ${key} is not a setting Parley knows; it is ignored`);
  }
  return { yaml: result.data, path: source.path };
}

function parseYaml(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('CONFIG_PATH', `cannot read ${path}: ${(error as Error).message}`);
  }
  const { parse, YAMLParseError } = yamlLibrary();
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0]
        ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
        : '';
      const reason = (error.message.split('\n')[0] ?? '').replace(/\s*at line \d+, column \d+:?$/, '');
      throw new ConfigError('CONFIG_PATH', `${path} is not valid YAML${where}: ${reason}`);
    }
    throw error;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError('version', `${path} must be a YAML mapping with at least a version field`);
  }
  return value;
}
