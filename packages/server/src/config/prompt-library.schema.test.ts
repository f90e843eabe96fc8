import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { expectConfigError, loadWithYaml, removeTempDirs } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const load =
  (promptLibrary: unknown, extra: object = {}) =>
  () =>
    loadWithYaml(stringify({ version: '1.0.3', promptLibrary, ...extra }));

// docs/reference/prompt-library.md (In the config file)
describe('the config file’s promptLibrary', () => {
  it('loads entries, trimmed, with the starter switch', () => {
    const { config } = load(
      [
        { id: 'a', title: ' Contract check ', promptPrefix: 'Read it.', tags: ['legal'], lang: 'en' },
        { title: 'B', promptPrefix: 'C' },
      ],
      { promptLibraryStarter: false },
    )();
    expect(config.yaml?.promptLibrary?.[0]).toMatchObject({
      id: 'a',
      title: 'Contract check',
      tags: ['legal'],
    });
    expect(config.yaml?.promptLibraryStarter).toBe(false);
  });

  it('refuses an empty title, a bad language, a bad id and two entries with one id, naming the place', () => {
    expectConfigError(load([{ title: ' ', promptPrefix: 'x' }]), 'promptLibrary[0].title');
    expectConfigError(load([{ title: 'a', promptPrefix: 'x', lang: 'fr' }]), 'promptLibrary[0].lang');
    expectConfigError(load([{ id: 'has space', title: 'a', promptPrefix: 'x' }]), 'promptLibrary[0].id');
    expectConfigError(
      load([
        { title: 'a', promptPrefix: 'x' },
        { id: 'config-1', title: 'b', promptPrefix: 'y' },
      ]),
      'promptLibrary[1].id',
    );
    expectConfigError(load([{ title: 'a' }]), 'promptLibrary[0].promptPrefix');
  });
});
