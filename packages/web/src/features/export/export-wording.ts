import type { TFunction } from 'i18next';
import type { PublicUser } from '@parley/shared';
import { endpointLabel } from '../endpoints/endpoint-label';
import { OPTION_LABELS, SETTING_LABELS } from '../endpoints/setting-labels';
import type { ExportWording } from './export-types';

// Options the settings panel has no label for, named here so the table does not show a raw key for the usual ones.
const OTHER_OPTION_LABELS: Record<string, string> = {
  endpoint: 'com_endpoint_endpoint',
  model: 'com_endpoint_model',
};

/** One option's value as text: strings as they are, anything else as JSON. */
export function optionValueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The export's words in the user's language, and the user's turns named by their display name. */
export function exportWording(
  t: TFunction,
  user: Pick<PublicUser, 'name' | 'username'> | null,
): ExportWording {
  const labelKey = (key: string) =>
    OTHER_OPTION_LABELS[key] ?? (SETTING_LABELS as Record<string, string>)[key];
  return {
    user: user?.name?.trim() || user?.username?.trim() || t('com_ui_msg_you'),
    parameters: t('com_export_parameters'),
    name: t('com_export_parameter_name'),
    value: t('com_export_parameter_value'),
    optionName: (key) => {
      const label = labelKey(key);
      return label ? t(label) : key;
    },
    optionValue: (key, value) => {
      if (key === 'endpoint' && typeof value === 'string') return endpointLabel(value, t);
      if (typeof value === 'boolean') return t(value ? 'com_export_yes' : 'com_export_no');
      if (typeof value === 'string' && OPTION_LABELS[value] && key !== 'model')
        return t(OPTION_LABELS[value]);
      return optionValueText(value);
    },
  };
}
