import type { Db } from '../../db/database';

/** What an earner of cash-back and the payer it came from have in common (docs/reference/commerce.md). */
export interface SharedOrigin {
  /** Addresses both used to sign up or to place an order. */
  ips: string[];
  /** One of them signed up in a browser the other had signed in to (the known-device cookie). */
  device: boolean;
}

/** The addresses a user signed up and placed orders from. */
async function addressesOf(db: Db, userId: string): Promise<Set<string>> {
  const [user, orders] = await Promise.all([
    db.selectFrom('users').select('signup_ip').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('orders')
      .select('payment_ip')
      .distinct()
      .where('user_id', '=', userId)
      .where('payment_ip', 'is not', null)
      .execute(),
  ]);
  const ips = new Set(orders.map((o) => o.payment_ip!));
  if (user?.signup_ip) ips.add(user.signup_ip);
  return ips;
}

/**
 * Whether an invite chain looks made by one person: the earner and the payer share an address (at sign-up or at
 * payment) or a browser (at sign-up). Computed when asked, so an order placed later from the inviter's address
 * marks the earnings before it too. A mark is a reason to look, not proof: a household or an office shares one
 * address.
 */
export async function sharedOrigin(db: Db, earnerId: string, payerId: string): Promise<SharedOrigin> {
  const [mine, theirs, devices] = await Promise.all([
    addressesOf(db, earnerId),
    addressesOf(db, payerId),
    db
      .selectFrom('users')
      .select(['id', 'signup_device_of'])
      .where('id', 'in', [earnerId, payerId])
      .execute(),
  ]);
  const deviceOf = new Map(devices.map((d) => [d.id, d.signup_device_of]));
  return {
    ips: [...mine].filter((ip) => theirs.has(ip)).sort(),
    device: deviceOf.get(payerId) === earnerId || deviceOf.get(earnerId) === payerId,
  };
}

/** The mark the operator reads beside an earning; empty when nothing is shared. */
export function describeSharedOrigin(shared: SharedOrigin): string {
  const parts = [
    ...(shared.ips.length > 0 ? [`same address as the payer: ${shared.ips.join(', ')}`] : []),
    ...(shared.device ? ['same browser as the payer at sign-up'] : []),
  ];
  return parts.length === 0 ? '' : `[CHECK: ${parts.join('; ')}]`;
}
