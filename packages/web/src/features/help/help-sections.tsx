import type { FileConfig, StartupConfig } from '@parley/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useCommerceDialogs } from '../commerce/commerce-dialogs.store';
import { LanguageSelect } from '../i18n/language-select';
import { ShortcutList } from '../keyboard/shortcut-list';
import { balanceFigures, fileFigures, type HelpSectionId } from './help-figures';

interface SectionProps {
  id: HelpSectionId;
  config: StartupConfig;
  fileConfig: FileConfig;
  /** The Intl locale figures are written in. */
  locale: string;
}

function P({ children }: { children: ReactNode }) {
  return <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{children}</p>;
}

/** The text of one help section, with this server's figures (docs/reference/home-and-help.md (Help)). */
export function HelpSectionBody({ id, config, fileConfig, locale }: SectionProps) {
  const { t } = useTranslation();
  const show = useCommerceDialogs((s) => s.show);
  const rules = config.balanceRules;
  const money = rules ? balanceFigures(rules, locale) : null;

  switch (id) {
    case 'credits':
      if (!money) return <P>{t('com_help_balance_off')}</P>;
      return (
        <>
          <P>{t('com_help_credits_intro')}</P>
          <P>{t('com_help_classes')}</P>
          <P>
            {money.pricing === 'call'
              ? t('com_help_call_cost', { gpt3: money.gpt3Call, gpt4: money.gpt4Call })
              : t('com_help_token_cost')}
          </P>
          <P>{t('com_help_gift', money.gift)}</P>
          <P>{t('com_help_restore', { ...money.restore, zone: money.zone })}</P>
          <P>{t('com_help_balance_where')}</P>
        </>
      );
    case 'cards':
      return (
        <>
          <P>{t('com_help_cards_body', { zone: money?.zone ?? '' })}</P>
          <P>{t('com_help_packs')}</P>
          <div>
            <Button variant="secondary" onClick={() => show('recharge')}>
              {t('com_help_open_recharge')}
            </Button>
          </div>
        </>
      );
    case 'invites':
      return (
        <>
          <P>{t('com_help_invites_body', { percent: money?.percent, second: money?.second })}</P>
          {money?.hasInviteGift && <P>{t('com_help_invite_gift', { credits: money.inviteGift })}</P>}
          <P>{t('com_help_invites_cashout')}</P>
          <div>
            <Button variant="secondary" onClick={() => show('invite')}>
              {t('com_help_open_invite')}
            </Button>
          </div>
        </>
      );
    case 'keys':
      return (
        <>
          <P>{t('com_help_keys_body')}</P>
          <P>{t('com_help_keys_expiry')}</P>
          <P>{t('com_help_keys_revoke')}</P>
        </>
      );
    case 'files': {
      const files = fileFigures(fileConfig);
      return (
        <>
          <P>{t('com_help_files_body')}</P>
          <P>
            {files.disabled
              ? t('com_help_files_off')
              : t('com_help_files_limits', { max: files.count, size: files.size, total: files.total })}
          </P>
          <P>{t('com_help_files_images')}</P>
          {files.storage && <P>{t('com_help_files_storage', { size: files.storage })}</P>}
        </>
      );
    }
    case 'languages':
      return (
        <>
          <P>{t('com_help_languages_body')}</P>
          <LanguageSelect className="max-w-sm justify-start" />
        </>
      );
    case 'shortcuts':
      return (
        <>
          <P>{t('com_help_shortcuts_body')}</P>
          <ShortcutList className="max-w-xl" />
        </>
      );
  }
}
