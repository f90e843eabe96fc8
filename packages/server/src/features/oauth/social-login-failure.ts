import type { SocialLoginError } from '@parley/shared';

/** A social sign-in that ends on the login page with this code (docs/reference/accounts.md (Social sign-in)). */
export class SocialLoginFailure extends Error {
  constructor(
    readonly code: SocialLoginError,
    reason: string,
  ) {
    super(reason);
  }
}
