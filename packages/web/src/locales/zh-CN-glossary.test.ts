import { describe, expect, it } from 'vitest';
import { fullCatalogue } from './catalogues';

// One word per idea in zh-CN (docs/zh-CN-glossary.md): the words the glossary rejects appear in no zh-CN text, the
// web's or the server's mails, and each chosen word is still used somewhere (a rename that drops it shows here).

import glossary from '../../../../docs/zh-CN-glossary.md?raw';
import serverTextsRaw from '../../../server/src/locales/zh-CN.json?raw';

const serverTexts = JSON.parse(serverTextsRaw) as Record<string, unknown>;

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];

const HAN = /[\u3400-\u9fff]+/g;

interface Row {
  idea: string;
  chosen: string[];
  rejected: string[];
}

/** The glossary's table rows: the idea, the Chinese words chosen for it and those not used. */
export function glossaryRows(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| idea'))
    .map((line) => {
      const [idea = '', chosen = '', rejected = ''] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return {
        idea,
        chosen: chosen.match(HAN) ?? [],
        rejected:
          rejected === '—'
            ? []
            : rejected
                .split(/[、,]/)
                .map((word) => word.trim())
                .filter(Boolean),
      };
    });
}

describe('the zh-CN glossary', () => {
  const rows = glossaryRows(glossary);
  const texts = [
    ...Object.entries(fullCatalogue('zh-CN')),
    ...strings(serverTexts).map((text) => ['server', text]),
  ];

  it('is read: every row has a chosen word, and some reject others', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) expect(row.chosen.length, row.idea).toBeGreaterThan(0);
    expect(rows.filter((row) => row.rejected.length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('no zh-CN text uses a word the glossary rejects', () => {
    const found = rows.flatMap((row) =>
      row.rejected.flatMap((word) =>
        texts
          .filter(([, text]) => text!.includes(word))
          .map(([key]) => `${key}: ${word} (use ${row.chosen[0]})`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('every chosen word is used by some text', () => {
    const unused = rows.flatMap((row) =>
      row.chosen.filter((word) => !texts.some(([, text]) => text!.includes(word))),
    );
    expect(unused).toEqual([]);
  });

  it('reads the table as written', () => {
    expect(
      glossaryRows(
        '| idea | zh-CN | not used | why |\n| endpoint | 服务商 | 接入点、端点 | x |\n| model | 模型 | — | y |',
      ),
    ).toEqual([
      { idea: 'endpoint', chosen: ['服务商'], rejected: ['接入点', '端点'] },
      { idea: 'model', chosen: ['模型'], rejected: [] },
    ]);
  });
});
