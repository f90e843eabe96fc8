import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@parley/shared';
import { Button } from '../../../components/ui/button';

interface ContactRowsProps {
  user: PublicUser;
  smsEnabled: boolean;
  emailEnabled: boolean;
  onBindPhone: () => void;
  onBindEmail: () => void;
}

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';
const verified = `${badge} bg-teal-50 text-teal-800 dark:bg-teal-950/60 dark:text-teal-300`;
const unverified = `${badge} bg-amber-50 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300`;

/**
 * The bound phone and e-mail, each with its state; the one missing (or an unverified e-mail) offers binding when
 * the server can prove it (SMS for a phone, e-mail for an address), and says so when it cannot.
 */
export function ContactRows({ user, smsEnabled, emailEnabled, onBindPhone, onBindEmail }: ContactRowsProps) {
  const { t } = useTranslation();
  const emailVerified = user.email !== undefined && user.emailVerified;
  return (
    <>
      <Row
        testId="account-phone"
        label={t('com_ui_account_phone')}
        value={user.phone ?? t('com_ui_account_not_bound')}
        state={user.phone ? <span className={verified}>{t('com_ui_account_verified')}</span> : null}
        hint={!user.phone && !smsEnabled ? t('com_ui_account_phone_off') : undefined}
        action={
          !user.phone && smsEnabled ? (
            <Button
              variant="secondary"
              className="h-9 shrink-0 px-3"
              data-testid="bind-phone"
              onClick={onBindPhone}
            >
              {t('com_ui_account_bind')}
            </Button>
          ) : null
        }
      />
      <Row
        testId="account-email"
        label={t('com_ui_account_email')}
        value={user.email ?? t('com_ui_account_not_bound')}
        state={
          user.email ? (
            <span className={emailVerified ? verified : unverified}>
              {emailVerified ? t('com_ui_account_verified') : t('com_ui_account_unverified')}
            </span>
          ) : null
        }
        hint={!emailVerified && !emailEnabled ? t('com_ui_account_email_off') : undefined}
        action={
          !emailVerified && emailEnabled ? (
            <Button
              variant="secondary"
              className="h-9 shrink-0 px-3"
              data-testid="bind-email"
              onClick={onBindEmail}
            >
              {user.email ? t('com_ui_account_verify') : t('com_ui_account_bind')}
            </Button>
          ) : null
        }
      />
    </>
  );
}

function Row(props: {
  testId: string;
  label: string;
  value: string;
  state: ReactNode;
  hint: string | undefined;
  action: ReactNode;
}) {
  return (
    <div data-testid={props.testId} className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="text-sm text-zinc-800 dark:text-zinc-100">{props.label}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="truncate">{props.value}</span>
          {props.state}
        </p>
        {props.hint && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{props.hint}</p>}
      </div>
      {props.action}
    </div>
  );
}
