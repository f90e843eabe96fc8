import { use } from 'react';
import type { InviteStats } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { commerceTexts } from '../commerce-texts';
import { useInviteStatsQuery } from '../commerce.api';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { formatMoney } from '../purchase';
import { CopyButton } from './copy-button';
import { giftText, InviteCashOut } from './invite-cash-out';

/** The invite link: this site's origin, a slash and the code (/{code} leads to sign-up with it). */
export const inviteLink = (origin: string, code: string): string => `${origin}/${code}`;

/** Invite cash-back: the link to share, whom it brought and the cash-back (docs/reference/commerce.md). */
export function InviteDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'invite');
  const close = useCommerceDialogs((s) => s.close);
  const stats = useInviteStatsQuery(open);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_invite_title')}
      testId="invite-dialog"
      widthClass="max-w-lg"
    >
      <div className="overflow-y-auto px-5 py-4">
        {stats.isPending ? (
          <Spinner />
        ) : stats.isError ? (
          <Alert>{t('com_invite_load_error')}</Alert>
        ) : (
          <InviteBody stats={stats.data} />
        )}
      </div>
    </DialogFrame>
  );
}

function InviteBody({ stats }: { stats: InviteStats }) {
  const { t } = useTranslation();
  const link = inviteLink(window.location.origin, stats.inviteCode);
  const gift = giftText(stats.newUserGift, t);
  const figures: Array<[string, string, string]> = [
    ['invited', 'com_invite_invited', String(stats.invitedCount)],
    ['invited24', 'com_invite_invited24', String(stats.invited24Count)],
    ['second', 'com_invite_second', String(stats.secondLevelCount)],
    ['total', 'com_invite_total', formatMoney(stats.totalPrice)],
    ['paid', 'com_invite_paid', formatMoney(stats.totalPricePayed)],
    ['canPay', 'com_invite_can_pay', formatMoney(stats.totalPriceCanPay)],
    ['today', 'com_invite_today', formatMoney(stats.totalPriceToday)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p data-testid="invite-intro" className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">
        {t('com_invite_intro', { percent: stats.invitePercent, second: stats.secondLevelPercent })}
        {/* Its own sentence: en-US starts it with a space, zh-CN needs none after "。". */}
        {gift && t('com_invite_gift', { gift })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="invite-link" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('com_invite_link')}
        </label>
        <div className="flex gap-2">
          <input
            id="invite-link"
            data-testid="invite-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          />
          <CopyButton text={link} testId="invite-copy" />
        </div>
      </div>
      <dl data-testid="invite-stats" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figures.map(([id, label, value]) => (
          <div key={id} className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(label)}</dt>
            <dd
              data-testid={`invite-${id}`}
              // What can be cashed out points to how (the section below says whom to write to).
              aria-describedby={id === 'canPay' ? 'invite-cash-out' : undefined}
              className="text-base font-semibold tabular-nums"
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <InviteCashOut adminWx={stats.adminWx} />
    </div>
  );
}
