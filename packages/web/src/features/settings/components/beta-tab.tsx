import { useTranslation } from 'react-i18next';
import { SettingSwitch } from './setting-switch';

/** Beta: modular chat (switch endpoints mid-conversation) and LaTeX parsing. */
export function BetaTab() {
  const { t } = useTranslation();
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <SettingSwitch
        setting="modularChat"
        label={t('com_nav_setting_modular_chat')}
        hint={t('com_nav_setting_modular_chat_hint')}
      />
      <SettingSwitch
        setting="LaTeXParsing"
        label={t('com_nav_setting_latex_parsing')}
        hint={t('com_nav_setting_latex_parsing_hint')}
      />
    </div>
  );
}
