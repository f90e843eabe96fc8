import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { readOption, type EnumSetting } from '@parley/shared';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { SettingChoice } from '../../endpoints/components/settings/setting-choice';
import { OPTION_LABELS } from '../../endpoints/setting-labels';
import { panelSettings, writeOption } from '../../endpoints/setting-values';
import { NEW_CONVERSATION } from '../chat.api';
import { useConversationStore } from '../conversation.store';

/**
 * Above the message box, for an endpoint whose settings have a tone (bingAI): the tone to send with, shown on a new
 * chat and, in a chat already going, behind a toggle (docs/reference/endpoints-and-models.md (bingAI)). The same
 * setting as in the conversation settings; which endpoints have one comes from the shared endpoint data.
 */
export function ToneBar() {
  const { t } = useTranslation();
  const conversationId = useConversationStore((s) => s.conversationId);
  const setup = useConversationStore((s) => s.setup);
  const patchSetup = useConversationStore((s) => s.patchSetup);
  const config = useEndpointsQuery().data;
  const [open, setOpen] = useState(false);
  if (!setup.endpoint) return null;
  const setting = panelSettings(setup.endpoint, config, setup.model).settings.find(
    (s): s is EnumSetting => s.kind === 'enum' && s.key === 'toneStyle',
  );
  if (!setting) return null;
  const label = t('com_endpoint_setting_tone_style');
  const choice = (
    <SettingChoice
      setting={setting}
      label={label}
      value={readOption(setup, setting.key)}
      optionLabel={(o) => (OPTION_LABELS[o] ? t(OPTION_LABELS[o]) : o)}
      onChange={(value) => patchSetup(writeOption(setup, setting.key, value))}
    />
  );
  if (conversationId === NEW_CONVERSATION) {
    return <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-6">{choice}</div>;
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pb-2 sm:px-6">
      <button
        type="button"
        aria-expanded={open}
        data-testid="tone-toggle"
        onClick={() => setOpen(!open)}
        className="inline-flex h-8 items-center gap-1.5 self-start rounded-full border border-zinc-300 px-3 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {label}
        <ChevronDown aria-hidden="true" className={`size-3.5 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && choice}
    </div>
  );
}
