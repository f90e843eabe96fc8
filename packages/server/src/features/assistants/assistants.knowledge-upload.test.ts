import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Assistant } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { upload } from '../files/files.test-helpers';
import { assistantsCall, assistantsConfig } from './assistants.test-helpers';
import { KNOWLEDGE_MESSAGES } from './knowledge-uploads';

describe.each(testDialects())('knowledge file uploads on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-knowledge-'));
    t = await buildTestApp(dialect, { ...assistantsConfig(), dataDir });
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const call = assistantsCall(t.app, a.token);
    const make = async (tools: object[]) =>
      (await call('POST', '/api/assistants', { model: 'gpt-4o', tools })).json<Assistant>().id;
    const send = (
      fields: Record<string, string>,
      token = a.token,
      text = '季度报告：收入增长。Quarterly report.',
    ) =>
      upload(t.app, token, {
        file: { name: '报告.txt', data: Buffer.from(text), type: 'text/plain' },
        fields: { file_id: 'temp-1', endpoint: 'assistants', ...fields },
      });
    return { a, b, call, make, send };
  };
  const fileRows = () =>
    t.database.db
      .selectFrom('files')
      .select(['file_id', 'context', 'assistant_id', 'message_file'])
      .execute();

  it("stores a knowledge file as the assistant's and adds it to its file_ids", async () => {
    const { call, make, send } = await start();
    const id = await make([{ type: 'retrieval' }]);
    const res = await send({ assistant_id: id, message_file: 'false' });
    expect(res.statusCode).toBe(201);
    const fileId = res.json<{ file_id: string }>().file_id;
    expect(await fileRows()).toEqual([
      { file_id: fileId, context: 'assistants', assistant_id: id, message_file: 0 },
    ]);
    expect((await call('GET', `/api/assistants/${id}`)).json<Assistant>().file_ids).toEqual([fileId]);
  });

  it('adds both of two uploads made at once', async () => {
    const { call, make, send } = await start();
    const id = await make([{ type: 'code_interpreter' }]);
    const results = await Promise.all([send({ assistant_id: id }), send({ assistant_id: id })]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const ids = results.map((r) => r.json<{ file_id: string }>().file_id).sort();
    expect([...(await call('GET', `/api/assistants/${id}`)).json<Assistant>().file_ids].sort()).toEqual(ids);
  });

  it('refuses a knowledge file without an assistant, before the capabilities are saved, or for another user', async () => {
    const { b, make, send } = await start();
    const plain = await make([]);
    const retrieval = await make([{ type: 'retrieval' }]);
    const cases: [Record<string, string>, string, number, string][] = [
      [{}, 'a', 400, KNOWLEDGE_MESSAGES.assistantMissing],
      [{ assistant_id: plain }, 'a', 400, KNOWLEDGE_MESSAGES.noCapability],
      [{ assistant_id: 'asst_unknown' }, 'a', 404, 'Assistant not found'],
      [{ assistant_id: retrieval }, 'b', 404, 'Assistant not found'],
    ];
    for (const [fields, who, status, message] of cases) {
      const res = await send(fields, who === 'b' ? b.token : undefined);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json<ApiErrorBody>().message).toBe(message);
    }
    expect(await fileRows()).toEqual([]);
  });

  it('takes a message file for an assistant chat without adding it to the assistant', async () => {
    const { b, call, make, send } = await start();
    const id = await make([]);
    const res = await send({ assistant_id: id, message_file: 'true' });
    expect(res.statusCode).toBe(201);
    expect(await fileRows()).toEqual([
      expect.objectContaining({ context: 'message_attachment', message_file: 1 }),
    ]);
    expect((await call('GET', `/api/assistants/${id}`)).json<Assistant>().file_ids).toEqual([]);
    expect((await send({ assistant_id: id, message_file: 'true' }, b.token)).statusCode).toBe(404);
  });

  it('refuses a 21st file', async () => {
    const { a, make, send } = await start();
    const id = await make([{ type: 'retrieval' }]);
    const full = Array.from({ length: 20 }, (_, i) => `f${i}`);
    await t.database.db
      .updateTable('assistants')
      .set({ file_ids: JSON.stringify(full) })
      .where('id', '=', id)
      .where('user_id', '=', a.user.id)
      .execute();
    const res = await send({ assistant_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().message).toBe(KNOWLEDGE_MESSAGES.full);
    expect(await fileRows()).toEqual([]);
  });
});
