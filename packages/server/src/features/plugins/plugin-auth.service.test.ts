import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { pluginAuthFor } from './plugin-auth.service';
import { CSE_ID, GOOGLE_KEY, savedRows, updatePlugins } from './plugins.test-helpers';

const GOOGLE_API = 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY';

describe.each(testDialects())('pluginAuthFor on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const deps = () => ({ config: t.config, database: t.database });

  it('answers the operator’s value first, then the user’s own, by authField', async () => {
    t = await buildTestApp(dialect, { pluginEnv: { GOOGLE_CSE_ID: 'operator-cse-id' } });
    const { token, user } = await newUser(t.app);
    expect(await pluginAuthFor(deps(), user.id, 'google')).toBeNull();
    await updatePlugins(t.app, token, {
      pluginKey: 'google',
      action: 'install',
      auth: { [GOOGLE_API]: GOOGLE_KEY },
    });
    expect(await pluginAuthFor(deps(), user.id, 'google')).toEqual({
      GOOGLE_CSE_ID: 'operator-cse-id',
      [GOOGLE_API]: GOOGLE_KEY,
    });
  });

  it('reads either name of A||B from the operator, A first', async () => {
    t = await buildTestApp(dialect, {
      pluginEnv: { DALLE_API_KEY: 'sk-dalle-b', DALLE3_API_KEY: 'sk-dalle-a' },
    });
    const { user } = await newUser(t.app);
    expect(await pluginAuthFor(deps(), user.id, 'dalle')).toEqual({
      'DALLE3_API_KEY||DALLE_API_KEY': 'sk-dalle-a',
    });
  });

  it('answers {} for a plugin without settings and null for an unknown one', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    expect(await pluginAuthFor(deps(), user.id, 'calculator')).toEqual({});
    expect(await pluginAuthFor(deps(), user.id, 'no-such-plugin')).toBeNull();
  });

  it('never answers one user’s values for another, even copied into their row', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const auth = { [GOOGLE_API]: GOOGLE_KEY, GOOGLE_CSE_ID: CSE_ID };
    await updatePlugins(t.app, a.token, { pluginKey: 'google', action: 'install', auth });
    expect(await pluginAuthFor(deps(), a.user.id, 'google')).toEqual(auth);
    expect(await pluginAuthFor(deps(), b.user.id, 'google')).toBeNull();

    // A's ciphertexts written into B's rows do not open: each is bound to its user, plugin and field.
    for (const row of await savedRows(t, a.user.id)) {
      await t.database.db
        .insertInto('plugin_auths')
        .values({ ...row, user_id: b.user.id })
        .execute();
    }
    await expect(pluginAuthFor(deps(), b.user.id, 'google')).rejects.toThrow(/could not be decrypted/);
  });
});
