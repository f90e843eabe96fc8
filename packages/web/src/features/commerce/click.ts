import { api } from '../../lib/api';
import { useAuthStore } from '../auth/auth.store';

/** A menu item (`c`) or a button (`b`) clicked. */
export type ClickTarget = { c: string } | { b: string };

/**
 * Records a click (docs/reference/commerce.md (Click records)), fire and forget: `keepalive` lets it finish when
 * the click navigates away (the VIP mirror, the payment page), and no failure ever reaches the user.
 */
export function sendClick(target: ClickTarget): void {
  const { user, token } = useAuthStore.getState();
  if (!token) return;
  void api
    .call(
      'click',
      { body: { u: user?.id ?? '', ...target } },
      { keepalive: true, redirectOnAuthFailure: false },
    )
    .catch(() => {
      // Analytics only: a lost record is fine.
    });
}
