import type { Gift } from '@parley/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../config/config.api';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { formatCreditCount } from '../purchase';
import { CopyButton } from './copy-button';

/**
 * The gift a new user gets through the link, in words: the credits and free uses the server grants (registration
 * gift and invite gift together), or null when it grants nothing.
 */
export function giftText(gift: Gift, t: TFunction): string | null {
  const parts = [
    gift.credits > 0 ? t('com_invite_gift_credits', { credits: formatCreditCount(gift.credits) }) : null,
    gift.gpt3Uses > 0 ? t('com_invite_gift_gpt3', { n: gift.gpt3Uses }) : null,
    gift.gpt4Uses > 0 ? t('com_invite_gift_gpt4', { n: gift.gpt4Uses }) : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(t('com_invite_gift_separator')) : null;
}

/**
 * How a cash-out works (docs/reference/commerce.md (Invites and cash-back)): an operator pays it by hand, so the
 * user writes to the operator's contact (INVITE_ADMIN_WX) with their account and the amount; without one, support.
 */
export function InviteCashOut({ adminWx }: { adminWx: string }) {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const show = useCommerceDialogs((s) => s.show);
  return (
    <section
      id="invite-cash-out"
      data-testid="invite-cash-out"
      aria-labelledby="invite-cash-out-title"
      className="flex flex-col gap-1.5 rounded-lg border border-zinc-200 px-3 py-2.5 text-sm leading-6 dark:border-zinc-700"
    >
      <h3 id="invite-cash-out-title" className="font-semibold text-zinc-900 dark:text-zinc-50">
        {t('com_invite_cash_out_title')}
      </h3>
      {adminWx ? (
        <>
          <p className="text-zinc-700 dark:text-zinc-300">{t('com_invite_cash_out', { wx: adminWx })}</p>
          <div className="flex items-center gap-2">
            <span data-testid="invite-admin-wx" className="font-mono text-zinc-900 dark:text-zinc-100">
              {adminWx}
            </span>
            <CopyButton text={adminWx} label={t('com_invite_copy_wx')} testId="invite-wx-copy" />
          </div>
        </>
      ) : config.support ? (
        <p className="text-zinc-700 dark:text-zinc-300">
          {t('com_invite_cash_out_support')}{' '}
          <button
            type="button"
            data-testid="invite-cash-out-support"
            onClick={() => show('support')}
            className="font-medium text-teal-700 underline underline-offset-2 dark:text-teal-400"
          >
            {t('com_ui_support_contact')}
          </button>
        </p>
      ) : (
        <p className="text-zinc-700 dark:text-zinc-300">{t('com_invite_cash_out_operator')}</p>
      )}
      <p className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">{t('com_invite_today_note')}</p>
    </section>
  );
}
