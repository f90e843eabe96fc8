// /register holds the phone form for two arrivals (docs/reference/accounts.md (Phone sign-in)): the sign-up link and
// invite links open it as a sign-up, the login page's "log in with a code" link as a sign-in (`?mode=login`). The
// form is the same; the page's title and words say what the user came for.

export type RegisterMode = 'signup' | 'login';

const MODE_PARAM = 'mode';

/** How the user came to /register: `?mode=login` from the code-login link, a sign-up otherwise. */
export const registerModeOf = (params: URLSearchParams): RegisterMode =>
  params.get(MODE_PARAM) === 'login' ? 'login' : 'signup';

/** /register with the login page's query string kept (its invite code, say), opened as `mode`. */
export function registerLink(search: string, mode: RegisterMode): string {
  const params = new URLSearchParams(search);
  if (mode === 'login') params.set(MODE_PARAM, 'login');
  else params.delete(MODE_PARAM);
  const query = params.toString();
  return query ? `/register?${query}` : '/register';
}
