import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
// The linted files do not exist, so no tsconfig holds them: lint them without types (the rule needs none).
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: resolve(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// docs/architecture.md (Dependency rule): web -> shared <- server; sim depends on nothing of ours.
describe('import direction', () => {
  it.each([
    ['packages/web/src/x.ts', "import { buildApp } from '@parley/server';\nvoid buildApp;\n"],
    ['packages/shared/src/x.ts', "import { buildApp } from '@parley/server';\nvoid buildApp;\n"],
    ['packages/shared/src/x.ts', "import { x } from '@parley/web';\nvoid x;\n"],
    ['packages/server/src/x.ts', "import { x } from '../../web/src/main';\nvoid x;\n"],
    ['packages/sim/src/x.ts', "import { API } from '@parley/shared';\nvoid API;\n"],
  ])('refuses %s importing against the direction', async (file, source) => {
    expect(await importErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ['packages/web/src/x.ts', "import { API } from '@parley/shared';\nvoid API;\n"],
    ['packages/server/src/x.ts', "import { API } from '@parley/shared';\nvoid API;\n"],
  ])('allows %s to import shared', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});
