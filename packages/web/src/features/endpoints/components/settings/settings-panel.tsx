import { useTranslation } from 'react-i18next';
import { readOption, type EndpointSetting, type EndpointsConfig } from '@parley/shared';
import type { ConversationSetup } from '../../../chat/conversation.store';
import { ToolPicker } from '../../../plugins/components/tool-picker';
import { kindOf } from '../../endpoint-setup';
import { isSettingDisabled, panelSettings, writeOption } from '../../setting-values';
import { OPTION_LABELS, SETTING_HINTS, SETTING_LABELS, TEXT_PLACEHOLDERS } from '../../setting-labels';
import { ExamplesEditor } from './examples-editor';
import { SettingChoice } from './setting-choice';
import { SettingModel } from './setting-model';
import { SettingSlider } from './setting-slider';
import { SettingSwitch } from './setting-switch';
import { SettingText } from './setting-text';

interface SettingsPanelProps {
  endpoint: string;
  config: EndpointsConfig | undefined;
  /** The endpoint's models, for settings that pick one. */
  models: string[];
  values: ConversationSetup;
  onChange: (patch: Partial<ConversationSetup>) => void;
}

/**
 * An endpoint's settings, rendered from the shared endpoint data for the chosen model
 * (docs/architecture.md (Providers)): which fields exist, their ranges and defaults all come from there, so no provider
 * is named here.
 */
export function SettingsPanel({ endpoint, config, models, values, onChange }: SettingsPanelProps) {
  const { t } = useTranslation();
  const { settings, defaults } = panelSettings(endpoint, config, values.model);
  if (settings.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('com_endpoint_no_settings')}</p>;
  }

  const field = (setting: EndpointSetting) => {
    const label = t(SETTING_LABELS[setting.key]);
    const hintKey = SETTING_HINTS[setting.key];
    const hint = hintKey ? t(hintKey) : undefined;
    const value = readOption(values, setting.key);
    const set = (next: unknown) => onChange(writeOption(values, setting.key, next));
    switch (setting.kind) {
      case 'number':
        return <SettingSlider setting={setting} label={label} hint={hint} value={value} onChange={set} />;
      case 'enum':
        return (
          <SettingChoice
            setting={setting}
            label={label}
            hint={hint}
            value={value}
            optionLabel={(o) => (OPTION_LABELS[o] ? t(OPTION_LABELS[o]) : o)}
            onChange={set}
          />
        );
      case 'boolean':
        return <SettingSwitch setting={setting} label={label} hint={hint} value={value} onChange={set} />;
      case 'examples':
        return <ExamplesEditor label={label} value={value} onChange={set} />;
      case 'model':
        return (
          <SettingModel
            label={label}
            models={models}
            value={value}
            fallback={String(readOption(defaults, setting.key) ?? defaults.model)}
            onChange={set}
          />
        );
      case 'text': {
        const placeholder = TEXT_PLACEHOLDERS[setting.key];
        return (
          <SettingText
            setting={setting}
            label={label}
            placeholder={placeholder ? t(placeholder) : undefined}
            disabledReason={isSettingDisabled(setting, values) ? t('com_endpoint_tools_disabled') : undefined}
            value={value}
            onChange={set}
          />
        );
      }
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {/* The Plugins endpoint's tools come first: choosing them changes which fields below apply. */}
      {kindOf(endpoint, config) === 'gptPlugins' && (
        <ToolPicker value={values.tools} onChange={(tools) => onChange({ tools })} />
      )}
      {settings.map((setting) => (
        <div key={setting.key}>{field(setting)}</div>
      ))}
    </div>
  );
}
