import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { UNITS_PER_CREDIT } from '../commerce/shop-options';
import { appendEntry } from '../ledger/ledger.repository';
import { findUserById } from '../users/users.repository';
import type { UserRow } from '../users/users.table';

/** The gift's ledger key: one per account, ever. */
export const giftKey = (userId: string): string => `gift:${userId}`;

/**
 * Grants the registration gift (docs/reference/balance.md (Registration gift)): the configured credits and free
 * uses, once per account. The ledger's unique key makes a second call (a retried request, a second sign-up path, a
 * race) a no-op; answers whether this call granted it. Does nothing while CHECK_BALANCE is off.
 *
 * Every place that creates an account calls it once the account may sign in: password registration without
 * e-mail activation (auth/register.service.ts), account activation (auth/activation.service.ts), and the phone
 * and social sign-ups right after they insert their user. Each call also grants the invite gift if the account is
 * verified by then and has not had it (grantInviteGift), so a verification after sign-up (an activation, a provider
 * that vouches for the e-mail) grants it then.
 */
export async function grantRegistrationGift(deps: AppDeps, userId: string): Promise<boolean> {
  if (!deps.config.app.checkBalance) return false;
  const gift = deps.config.balance.registrationGift;
  return withTransaction(deps.database.db, async (trx) => {
    const granted = await appendEntry(trx, {
      userId,
      kind: 'gift',
      change: gift,
      reason: 'registration gift',
      uniqueKey: giftKey(userId),
    });
    await grantInviteGift(deps, trx, userId);
    return granted;
  });
}

/** Whether the account had its registration gift (an account made before the balance was turned on had not). */
export async function giftGranted(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('unique_key', '=', giftKey(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Fen to credit units: 1 credit = 1 yuan = 100 fen. */
const UNITS_PER_FEN = UNITS_PER_CREDIT / 100;

/**
 * Whether the account proved a phone or an e-mail it holds: a phone is only ever set with its SMS code (a sign-up,
 * or binding one on the account page), an e-mail is verified by its activation link, a mailed reset link, a binding
 * link, or a provider that vouches for it.
 */
export const isVerifiedAccount = (user: Pick<UserRow, 'phone' | 'email_verified'>): boolean =>
  user.phone !== null || user.email_verified === 1;

/**
 * Grants the invite gift alone, if it is due: for an account that proved a phone or an e-mail after sign-up, on the
 * account page (features/users/account-binding.service.ts). Once only, as grantInviteGift is; nothing while
 * CHECK_BALANCE is off.
 */
export async function grantDueInviteGift(deps: AppDeps, userId: string): Promise<void> {
  if (!deps.config.app.checkBalance) return;
  await withTransaction(deps.database.db, (trx) => grantInviteGift(deps, trx, userId));
}

/**
 * The invite stats' `registerGift` (docs/reference/commerce.md (Invites and cash-back)): a user who signed up with
 * an invite code gets INVITE_REGISTER_GIFT yuan as credits on top of the registration gift, once (`invite-gift:`),
 * and only once their phone or e-mail is verified: an account made with an e-mail nobody proved (e-mail off) earns
 * its inviter's chain nothing for free (docs/decisions.md, "Invite gift after verification").
 */
async function grantInviteGift(deps: AppDeps, trx: Db, userId: string): Promise<void> {
  const fen = deps.config.invites.registerGiftFen;
  if (fen <= 0) return;
  const user = await findUserById(trx, userId);
  if (!user?.inviter_id || !isVerifiedAccount(user)) return;
  await appendEntry(trx, {
    userId,
    kind: 'gift',
    change: { credits: fen * UNITS_PER_FEN },
    reason: 'invite gift',
    refId: user.inviter_id,
    uniqueKey: `invite-gift:${userId}`,
  });
}
