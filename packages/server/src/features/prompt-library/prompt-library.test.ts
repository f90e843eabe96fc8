import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, PromptEntry, PromptLibraryPage } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { runAdmin } from '../../admin/run-admin';
import { DEFAULT_BALANCE } from '../../config/balance-settings';
import { readShopSettings } from '../../config/shop-settings';
import type { YamlConfig } from '../../config/yaml.schema';

const YAML = {
  version: '1.0.3',
  promptLibrary: [
    { id: 'ops-legal', title: 'Contract check', promptPrefix: 'Read the contract I send.', tags: ['Legal'] },
    { title: '公司周报', promptPrefix: '按公司模板写周报。', tags: ['内部'], lang: 'zh-CN' as const },
  ],
} satisfies Partial<YamlConfig>;

describe.each(testDialects())('the prompt library on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const get = async (query = '', headers: Record<string, string> = {}) => {
    const { token } = await newUser(t.app);
    return t.app.inject({
      method: 'GET',
      url: `/api/promptLibrary${query}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  };
  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const yaml = t.config.yaml;
    const code = await runAdmin(
      argv,
      {
        db: t.database.db,
        config: { balance: DEFAULT_BALANCE, shop: readShopSettings(null), yaml },
        operator: 'root',
      },
      { out: (l) => out.push(l), err: (l) => err.push(l) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('answers the plain list of {id, title, promptPrefix, tags} to a signed-in user only', async () => {
    t = await buildTestApp(dialect);
    expect((await t.app.inject({ method: 'GET', url: '/api/promptLibrary' })).statusCode).toBe(401);
    const res = await get();
    expect(res.statusCode).toBe(200);
    const list = res.json<PromptEntry[]>();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'promptPrefix', 'tags', 'title']);
    expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
    const tags = new Set(list.flatMap((e) => e.tags));
    for (const tag of ['writing', 'translation', 'coding', 'study', 'work', 'AI agents'])
      expect(tags).toContain(tag);
  });

  it('serves the Chinese set by Accept-Language or lang, and English otherwise', async () => {
    t = await buildTestApp(dialect);
    const zh = (await get('', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' })).json<PromptEntry[]>();
    expect(zh.length).toBeGreaterThanOrEqual(24);
    expect(zh.every((e) => /[\u4e00-\u9fff]/.test(e.title))).toBe(true);
    expect((await get('?lang=zh-TW')).json<PromptEntry[]>()[0]!.id).toBe(zh[0]!.id);
    const en = (await get('?lang=en', { 'accept-language': 'zh-CN' })).json<PromptEntry[]>();
    expect(en[0]!.id).toMatch(/^starter-en-/);
    expect((await get('', { 'accept-language': 'fr-FR' })).json<PromptEntry[]>()[0]!.id).toBe(en[0]!.id);
  });

  it('pages 8 at a time by default and honours pageSize', async () => {
    t = await buildTestApp(dialect);
    const all = (await get('?lang=en')).json<PromptEntry[]>();
    const first = (await get('?lang=en&pageNumber=1')).json<PromptLibraryPage>();
    expect(first).toMatchObject({
      pageNumber: 1,
      pageSize: 8,
      total: all.length,
      pages: Math.ceil(all.length / 8),
    });
    expect(first.entries).toEqual(all.slice(0, 8));
    const second = (await get('?lang=en&pageNumber=2&pageSize=5')).json<PromptLibraryPage>();
    expect(second.entries).toEqual(all.slice(5, 10));
    const past = (await get('?lang=en&pageNumber=99')).json<PromptLibraryPage>();
    expect(past).toMatchObject({ entries: [], pageNumber: 99 });
  });

  it('searches title, prefix and tags, case-insensitive, every word, Chinese too', async () => {
    t = await buildTestApp(dialect);
    const ids = async (query: string) =>
      (await get(query)).json<PromptLibraryPage>().entries.map((e) => e.id);
    expect(await ids('?lang=en&q=MOCK%20interviewer')).toEqual(['starter-en-interviewer']);
    // "hints" is in the prefix alone.
    expect(await ids('?lang=en&q=hints')).toEqual(['starter-en-tutor']);
    expect(await ids('?lang=en&q=SQL')).toContain('starter-en-sql');
    expect(await ids(`?lang=en&q=${encodeURIComponent('ai agents')}&pageSize=100`)).toHaveLength(5);
    expect(await ids(`?lang=zh-CN&q=${encodeURIComponent('周报')}`)).toEqual(['starter-zh-weekly-report']);
    expect(await ids(`?lang=zh-CN&q=${encodeURIComponent('AI 角色')}&pageSize=100`)).toHaveLength(5);
    expect(await ids(`?lang=zh-CN&q=${encodeURIComponent('苏格拉底')}`)).toEqual(['starter-zh-tutor']);
    expect((await get('?q=zzzz-nothing')).json<PromptLibraryPage>()).toMatchObject({ total: 0, pages: 1 });
  });

  it('refuses bad paging with a 400 naming the field', async () => {
    t = await buildTestApp(dialect);
    for (const [query, field] of [
      ['?pageNumber=0', 'pageNumber'],
      ['?pageNumber=abc', 'pageNumber'],
      ['?pageNumber=1.5', 'pageNumber'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      [`?q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.code).toBe('VALIDATION');
      expect(`${body.field} ${body.message}`, query).toContain(field);
    }
  });

  // Two entries from the command line, the second a second after the first (`start`, on a faked Date).
  async function addTwoEntries(start: number): Promise<void> {
    expect(
      (
        await admin(
          'prompts',
          'add',
          '--title',
          'Team voice',
          '--prefix',
          'Write as our team.',
          '--tags',
          'brand,voice',
          '--id',
          'team-voice',
        )
      ).code,
    ).toBe(0);
    vi.setSystemTime(start + 1000);
    const replaced = await admin(
      'prompts',
      'add',
      '--title',
      'Our polish',
      '--prefix',
      'Polish, house style.',
      '--id',
      'starter-en-polish',
      '--lang',
      'en',
    );
    expect(replaced).toMatchObject({ code: 0, out: expect.stringContaining('replaces the starter entry') });
  }

  it('serves the config file’s entries first, then the command line’s, then the starter set', async () => {
    t = await buildTestApp(dialect, { yaml: YAML });
    // The command line's entries come oldest first: the second is added a second later, as an operator would (two
    // adds in one millisecond would fall back to the order of their ids).
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    try {
      await addTwoEntries(start);
    } finally {
      vi.useRealTimers();
    }
    const en = (await get('?lang=en')).json<PromptEntry[]>();
    expect(en.slice(0, 3).map((e) => e.id)).toEqual(['ops-legal', 'team-voice', 'starter-en-polish']);
    expect(en[1]).toEqual({
      id: 'team-voice',
      title: 'Team voice',
      promptPrefix: 'Write as our team.',
      tags: ['brand', 'voice'],
    });
    expect(en.filter((e) => e.id === 'starter-en-polish')).toEqual([
      expect.objectContaining({ title: 'Our polish' }),
    ]);
    expect(en.some((e) => e.id === 'config-2')).toBe(false);
    const zh = (await get('?lang=zh-CN')).json<PromptEntry[]>();
    expect(zh.slice(0, 3).map((e) => e.id)).toEqual(['ops-legal', 'config-2', 'team-voice']);
    expect(zh.some((e) => e.id === 'starter-en-polish')).toBe(false);
    const found = (await get('?q=legal')).json<PromptLibraryPage>();
    expect(found.entries.map((e) => e.id)).toEqual(['ops-legal']);
  });

  it('adds, lists and removes entries from the command line, refusing what it does not own', async () => {
    t = await buildTestApp(dialect, { yaml: { ...YAML, promptLibraryStarter: false } });
    expect((await get()).json<PromptEntry[]>().map((e) => e.id)).toEqual(['ops-legal']);
    expect(await admin('prompts', 'add', '--title', 'A', '--prefix', 'B', '--id', 'ops-legal')).toMatchObject(
      {
        code: 1,
        err: expect.stringContaining('config file'),
      },
    );
    expect(await admin('prompts', 'add', '--prefix', 'B')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--title'),
    });
    expect(await admin('prompts', 'add', '--title', 'A', '--prefix', 'B', '--lang', 'fr')).toMatchObject({
      code: 2,
    });
    expect(await admin('prompts', 'add', '--title', 'A', '--prefix', 'B', '--id', 'bad id')).toMatchObject({
      code: 2,
    });
    const added = await admin(
      'prompts',
      'add',
      '--title',
      '翻译腔检查',
      '--prefix',
      '找出翻译腔。',
      '--tags',
      '翻译、审校',
      '--lang',
      'zh-CN',
      '--id',
      'zh-check',
    );
    expect(added.code).toBe(0);
    expect(await admin('prompts', 'add', '--title', 'A', '--prefix', 'B', '--id', 'zh-check')).toMatchObject({
      code: 1,
    });
    expect((await admin('prompts', 'list')).out).toMatch(
      /zh-check {2}admin {2}zh-CN {2}翻译腔检查 {2}\[翻译, 审校\]/,
    );
    expect((await admin('prompts', 'list', '--lang', 'en')).out).not.toContain('zh-check');
    expect((await get('?lang=zh-CN')).json<PromptEntry[]>().map((e) => e.id)).toEqual([
      'ops-legal',
      'config-2',
      'zh-check',
    ]);
    expect(await admin('prompts', 'remove', '--id', 'ops-legal')).toMatchObject({
      code: 1,
      err: expect.stringContaining('config file'),
    });
    expect(await admin('prompts', 'remove', '--id', 'zh-check')).toMatchObject({
      code: 0,
      out: 'Removed zh-check.',
    });
    expect(await admin('prompts', 'remove', '--id', 'zh-check')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no entry'),
    });
    expect((await get('?lang=zh-CN')).json<PromptEntry[]>().map((e) => e.id)).toEqual([
      'ops-legal',
      'config-2',
    ]);
  });
});
