import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { insertUser, usernameExists } from './users.repository';
import { uniqueViolationColumn } from './unique-violation';
import type { NewUserRow } from './users.table';

const user = (over: Partial<NewUserRow>): NewUserRow => ({
  id: crypto.randomUUID(),
  name: 'Someone',
  invite_code: crypto.randomUUID().slice(0, 8),
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  ...over,
});

async function violation(db: TestDatabase, row: NewUserRow): Promise<unknown> {
  return insertUser(db.db, row).then(
    () => null,
    (error: unknown) => uniqueViolationColumn(error),
  );
}

describe.each(testDialects())('users repository on %s', (dialect) => {
  let db: TestDatabase;
  afterEach(async () => db?.cleanup());

  it('names the column of each unique violation the driver reports', async () => {
    db = await freshDatabase(dialect);
    await newUserRow(db.db, {
      email: 'a@example.com',
      username: 'Alan',
      phone: '13800000000',
      invite_code: 'AAAAAAAA',
    });
    expect(await violation(db, user({ email: 'a@example.com' }))).toBe('email');
    expect(await violation(db, user({ username: 'alan' }))).toBe('username');
    expect(await violation(db, user({ phone: '13800000000' }))).toBe('phone');
    expect(await violation(db, user({ invite_code: 'AAAAAAAA' }))).toBe('invite_code');
  });

  it('lets many users have no username, and finds usernames case-insensitively', async () => {
    db = await freshDatabase(dialect);
    await newUserRow(db.db, { email: 'x@example.com' });
    await newUserRow(db.db, { email: 'y@example.com', username: 'Grace' });
    await newUserRow(db.db, { email: 'z@example.com' });
    expect(await usernameExists(db.db, 'GRACE')).toBe(true);
    expect(await usernameExists(db.db, 'hopper')).toBe(false);
  });
});
