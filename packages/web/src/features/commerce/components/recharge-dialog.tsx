import type { PurchaseOption, PurchaseOptions } from '@parley/shared';
import { ExternalLink } from 'lucide-react';
import { use, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthStore } from '../../auth/auth.store';
import { useStartupConfig } from '../../config/config.api';
import { sendClick } from '../click';
import { commerceTexts } from '../commerce-texts';
import { usePurchaseOptionsQuery } from '../commerce.api';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { startPayment, type PaymentFailure } from '../payment';
import {
  defaultOption,
  formatPrice,
  initialTab,
  optionKey,
  showsOfficialOffer,
  type RechargeTab,
} from '../purchase';
import { OptionCard } from './option-card';

const TABS: Array<{ id: RechargeTab; label: string }> = [
  { id: 'subscription', label: 'com_recharge_tab_cards' },
  { id: 'credits', label: 'com_recharge_tab_credits' },
];

/** The recharge dialog (docs/reference/commerce.md (The web's commerce screens)). */
export function RechargeDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'recharge');
  const close = useCommerceDialogs((s) => s.close);
  const options = usePurchaseOptionsQuery(open);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_recharge_title')}
      testId="recharge-dialog"
      widthClass="max-w-xl"
    >
      <div className="overflow-y-auto px-5 py-4">
        {options.isPending ? (
          <Spinner />
        ) : options.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert>{t('com_recharge_load_error')}</Alert>
            <Button variant="secondary" onClick={() => void options.refetch()}>
              {t('com_recharge_retry')}
            </Button>
          </div>
        ) : (
          // Keyed by the data so the defaults are chosen again when fresh options arrive.
          <RechargeForm key={options.dataUpdatedAt} options={options.data} />
        )}
      </div>
    </DialogFrame>
  );
}

function RechargeForm({ options }: { options: PurchaseOptions }) {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const [tab, setTab] = useState<RechargeTab>(() => initialTab(options));
  const [chosen, setChosen] = useState<PurchaseOption | null>(() =>
    defaultOption(options, initialTab(options)),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const list = tab === 'subscription' ? options.subscriptions : options.credits;

  const switchTab = (next: RechargeTab) => {
    setTab(next);
    setChosen(defaultOption(options, next));
    setFailure(null);
  };
  // Arrow keys move between the two tabs, as a tab list does.
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'subscription' ? 'credits' : 'subscription';
    switchTab(next);
    document.getElementById(`recharge-tab-${next}`)?.focus();
  };

  const pay = async () => {
    if (!chosen) return;
    sendClick({ b: 'pay' });
    if (!useAuthStore.getState().token) {
      setFailure({ kind: 'signedOut' });
      return;
    }
    setBusy(true);
    setFailure(null);
    const result = await startPayment(chosen);
    // On success the browser is leaving for the payment page: stay busy until it does.
    if (result) {
      setFailure(result);
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('com_recharge_tabs')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800"
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`recharge-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls="recharge-panel"
            tabIndex={tab === id ? 0 : -1}
            data-testid={`recharge-tab-${id}`}
            onClick={() => switchTab(id)}
            onKeyDown={onTabKey}
            className={`h-10 rounded-lg text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${
              tab === id
                ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-50'
                : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-50'
            }`}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div id="recharge-panel" role="tabpanel" aria-labelledby={`recharge-tab-${tab}`}>
        {list.length === 0 ? (
          <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
            {t('com_recharge_empty')}
          </p>
        ) : (
          <fieldset>
            <legend className="sr-only">{t('com_recharge_choose')}</legend>
            <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
              {list.map((option) => (
                <OptionCard
                  key={optionKey(option)}
                  option={option}
                  name={`recharge-${tab}`}
                  checked={chosen !== null && optionKey(chosen) === optionKey(option)}
                  onChoose={() => {
                    setChosen(option);
                    setFailure(null);
                  }}
                />
              ))}
            </div>
          </fieldset>
        )}
        {tab === 'credits' && (
          <p className="mt-3 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
            {t('com_recharge_pack_rate')}
          </p>
        )}
      </div>
      {chosen && showsOfficialOffer(chosen) && config.officialMirrorUrl && (
        <p
          data-testid="official-offer"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/30 dark:text-amber-100"
        >
          <span>{t('com_recharge_official_offer')}</span>
          <a
            href={config.officialMirrorUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => sendClick({ b: 'official_mirror' })}
            className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
          >
            {t('com_recharge_official_link')}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </p>
      )}
      {failure && <FailureNotice failure={failure} />}
      <Button
        data-testid="recharge-pay"
        disabled={!chosen || busy}
        aria-busy={busy}
        onClick={() => void pay()}
        className="w-full"
      >
        {busy && (
          <span
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            aria-hidden="true"
          />
        )}
        {busy
          ? t('com_recharge_paying')
          : t('com_recharge_pay', { price: chosen ? formatPrice(chosen.price) : '' })}
      </Button>
    </div>
  );
}

function FailureNotice({ failure }: { failure: PaymentFailure }) {
  const { t } = useTranslation();
  const close = useCommerceDialogs((s) => s.close);
  if (failure.kind === 'signedOut') {
    return (
      <Alert tone="info">
        {t('com_recharge_signed_out')}{' '}
        <Link to="/login" onClick={close} className="font-medium underline underline-offset-2">
          {t('com_recharge_sign_in')}
        </Link>
      </Alert>
    );
  }
  if (failure.kind === 'noPaymentUrl') return <Alert>{t('com_recharge_no_payment_url')}</Alert>;
  return <Alert>{t('com_recharge_error', { message: failure.message })}</Alert>;
}
