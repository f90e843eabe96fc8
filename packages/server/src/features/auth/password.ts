import type * as Argon2 from '@node-rs/argon2';

// The library's default algorithm is argon2id (19 MiB, 2 passes, 1 lane: the OWASP baseline). Its native
// module loads with the first sign-in or registration, not at start (a server may go long without either).
let argon2: Promise<typeof Argon2> | undefined;
const library = () => (argon2 ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string): Promise<string> => (await library()).hash(password);

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or one without a password) it still
 * runs one verification against a dummy hash, so timing does not tell which e-mails have accounts.
 */
export async function passwordMatches(
  password: string,
  storedHash: string | null | undefined,
): Promise<boolean> {
  const { hash, verify } = await library();
  if (!storedHash) {
    dummyHash ??= hash('parley-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
