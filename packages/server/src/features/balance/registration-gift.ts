import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { UNITS_PER_CREDIT } from '../commerce/shop-options';
import { appendEntry } from '../ledger/ledger.repository';
import { findUserById } from '../users/users.repository';

/** The gift's ledger key: one per account, ever. */
export const giftKey = (userId: string): string => `gift:${userId}`;

/**
 * Grants the registration gift (docs/reference/balance.md (Registration gift)): the configured credits and free
 * uses, once per account. The ledger's unique key makes a second call (a retried request, a second sign-up path, a
 * race) a no-op; answers whether this call granted it. Does nothing while CHECK_BALANCE is off.
 *
 * Every place that creates an account calls it once the account may sign in: password registration without
 * e-mail activation (auth/register.service.ts), account activation (auth/activation.service.ts), and the phone
 * and social sign-ups right after they insert their user.
 */
export async function grantRegistrationGift(deps: AppDeps, userId: string): Promise<boolean> {
  if (!deps.config.app.checkBalance) return false;
  const gift = deps.config.balance.registrationGift;
  // Both gifts in one transaction: the registration gift's key is used once, so an invite gift lost after it
  // could never be granted again.
  return withTransaction(deps.database.db, async (trx) => {
    const granted = await appendEntry(trx, {
      userId,
      kind: 'gift',
      change: gift,
      reason: 'registration gift',
      uniqueKey: giftKey(userId),
    });
    if (granted) await grantInviteGift(deps, trx, userId);
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
 * The invite stats' `registerGift` (docs/reference/commerce.md (Invites and cash-back)): a user who signed up with
 * an invite code gets INVITE_REGISTER_GIFT yuan as credits on top of the registration gift, once (`invite-gift:`).
 */
async function grantInviteGift(deps: AppDeps, trx: Db, userId: string): Promise<void> {
  const fen = deps.config.invites.registerGiftFen;
  if (fen <= 0) return;
  const user = await findUserById(trx, userId);
  if (!user?.inviter_id) return;
  await appendEntry(trx, {
    userId,
    kind: 'gift',
    change: { credits: fen * UNITS_PER_FEN },
    reason: 'invite gift',
    refId: user.inviter_id,
    uniqueKey: `invite-gift:${userId}`,
  });
}
