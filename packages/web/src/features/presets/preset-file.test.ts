import { describe, expect, it } from 'vitest';
import type { Preset } from '@parley/shared';
import { parsePresetFile, presetExportJson, presetFileName } from './preset-file';

const preset: Preset = {
  presetId: 'p1',
  title: 'Poet',
  endpoint: 'openAI',
  model: 'gpt-4',
  temperature: 0.3,
  defaultPreset: true,
  user: 'u1',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('presetFileName (the export filename is sanitised)', () => {
  it('keeps ordinary titles, in any script', () => {
    expect(presetFileName('Poet')).toBe('Poet.json');
    expect(presetFileName('翻译助手 v2')).toBe('翻译助手 v2.json');
  });

  it('replaces unsafe characters and trims dots and spaces', () => {
    expect(presetFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.json');
    expect(presetFileName('  ..hidden.  ')).toBe('hidden.json');
    expect(presetFileName('tab\there\nnew')).toBe('tab_here_new.json');
    expect(presetFileName('../../etc/passwd')).toBe('_.._etc_passwd.json');
  });

  it('never yields an empty, reserved or overlong name', () => {
    expect(presetFileName('///')).toBe('_.json');
    expect(presetFileName('   ')).toBe('preset.json');
    expect(presetFileName('CON')).toBe('CON_.json');
    expect(presetFileName('x'.repeat(500))).toBe(`${'x'.repeat(120)}.json`);
  });
});

describe('preset export and import', () => {
  it('exports the settings and title, not the server bookkeeping', () => {
    const json = JSON.parse(presetExportJson(preset)) as Record<string, unknown>;
    expect(json).toMatchObject({ title: 'Poet', endpoint: 'openAI', model: 'gpt-4', temperature: 0.3 });
    expect(json).not.toHaveProperty('user');
    expect(json).not.toHaveProperty('createdAt');
  });

  it('imports a file as a new, non-default preset (presetId null)', () => {
    expect(parsePresetFile(presetExportJson(preset))).toMatchObject({
      presetId: null,
      defaultPreset: false,
      title: 'Poet',
      endpoint: 'openAI',
      temperature: 0.3,
    });
  });

  it('refuses text that is not a preset', () => {
    expect(parsePresetFile('not json')).toBeNull();
    expect(parsePresetFile('[1,2]')).toBeNull();
    expect(parsePresetFile('{"title":"x"}')).toBeNull();
    expect(parsePresetFile('{"title":"","endpoint":"openAI"}')).toBeNull();
    expect(parsePresetFile('{"title":"x","endpoint":"openAI","temperature":"hot"}')).toBeNull();
  });
});
