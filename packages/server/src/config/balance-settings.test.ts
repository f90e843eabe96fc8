import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BALANCE } from './balance-settings';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { expectConfigError, loadWithYaml, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

// docs/reference/balance.md (Settings)
describe('balance settings', () => {
  it('has the documented defaults', () => {
    const { balance } = loadConfig({ env: {}, cwd: tempDir() }).config;
    expect(balance).toEqual(DEFAULT_BALANCE);
    expect(balance.timeZone).toBe('Asia/Shanghai');
    expect(balance.registrationGift).toEqual({ credits: 100000, gpt3Uses: 50, gpt4Uses: 10 });
    expect(balance.dailyRestore).toEqual({ credits: 10000, gpt3Uses: 10, gpt4Uses: 3 });
    expect(balance.pricing.callCost['gpt-4'] / balance.pricing.callCost['gpt-3']).toBe(20);
  });

  it('reads BALANCE_TIME_ZONE and refuses a zone that does not exist', () => {
    const env: Env = { BALANCE_TIME_ZONE: 'Europe/Paris' };
    expect(loadConfig({ env, cwd: tempDir() }).config.balance.timeZone).toBe('Europe/Paris');
    expectConfigError(
      () => loadConfig({ env: { BALANCE_TIME_ZONE: 'Mars/Olympus' }, cwd: tempDir() }),
      'BALANCE_TIME_ZONE',
    );
  });

  it("reads the YAML's balance section over the defaults, and refuses fractions of a unit", () => {
    const { balance } = loadWithYaml(
      'version: 1.0.3\nbalance:\n  pricing: tokens\n  registrationGift:\n    credits: 50000\n  callCost:\n    gpt-4: 30000\n',
    ).config;
    expect(balance.pricing.mode).toBe('tokens');
    expect(balance.pricing.callCost).toEqual({ 'gpt-3': 1000, 'gpt-4': 30000 });
    expect(balance.registrationGift).toEqual({ credits: 50000, gpt3Uses: 50, gpt4Uses: 10 });
    expectConfigError(
      () => loadWithYaml('version: 1.0.3\nbalance:\n  callCost:\n    gpt-3: 0.5\n'),
      'balance.callCost.gpt-3',
    );
  });

  // docs/reference/balance.md (Model classes)
  it("reads a model's class from the YAML, and refuses a class that is not one", () => {
    const { balance } = loadWithYaml(
      'version: 1.0.3\nbalance:\n  gpt4Models: [o3-mini]\n  models:\n    "my-*": { class: gpt-3 }\n',
    ).config;
    expect(balance.pricing.classRules).toEqual([
      { pattern: 'my-*', class: 'gpt-3' },
      { pattern: 'o3-mini', class: 'gpt-4' },
    ]);
    const error = expectConfigError(
      () => loadWithYaml('version: 1.0.3\nbalance:\n  models:\n    my-model: { class: gpt-5 }\n'),
      'balance.models.my-model.class',
    );
    expect(error.message).toContain('must be gpt-3 or gpt-4');
  });
});
