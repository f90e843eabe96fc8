import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Pencil, Star, Trash2 } from 'lucide-react';
import type { EndpointsConfig, Preset } from '@parley/shared';
import { EndpointIcon } from '../../endpoints/components/endpoint-icon';
import { endpointLabel } from '../../endpoints/endpoint-label';

interface PresetRowProps {
  preset: Preset;
  config: EndpointsConfig | undefined;
  onSelect: () => void;
  onToggleDefault: () => void;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
}

const action =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50';

/** One preset: selecting it is the row's main button; default, edit, export and delete sit beside it. */
export function PresetRow({
  preset,
  config,
  onSelect,
  onToggleDefault,
  onEdit,
  onExport,
  onDelete,
}: PresetRowProps) {
  const { t } = useTranslation();
  const isDefault = preset.defaultPreset;
  // The action buttons share labels across rows; the title tells a screen reader which preset they act on.
  const titleId = useId();
  return (
    <li
      data-testid="preset-row"
      className="group flex items-center gap-1 rounded-lg pe-1 hover:bg-zinc-100 dark:hover:bg-zinc-800/70"
    >
      <button
        type="button"
        onClick={onSelect}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2.5 py-2 text-start focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        <EndpointIcon endpoint={preset.endpoint} config={config} size="sm" />
        <span className="flex min-w-0 flex-col">
          <span className="flex items-center gap-1.5">
            <span id={titleId} className="truncate text-sm font-medium">
              {preset.title}
            </span>
            {isDefault && (
              <span className="shrink-0 rounded-full bg-amber-100 px-1.5 text-[10px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                {t('com_endpoint_preset_default_badge')}
              </span>
            )}
          </span>
          <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {endpointLabel(preset.endpoint, t)}
            {preset.model ? ` · ${preset.model}` : ''}
          </span>
        </span>
      </button>
      <button
        type="button"
        aria-label={t(isDefault ? 'com_endpoint_preset_unset_default' : 'com_endpoint_preset_set_default')}
        aria-pressed={isDefault}
        title={t(isDefault ? 'com_endpoint_preset_unset_default' : 'com_endpoint_preset_set_default')}
        aria-describedby={titleId}
        onClick={onToggleDefault}
        className={action}
      >
        <Star aria-hidden="true" className={`size-4 ${isDefault ? 'fill-amber-400 text-amber-500' : ''}`} />
      </button>
      <button
        type="button"
        aria-label={t('com_endpoint_preset_edit')}
        title={t('com_endpoint_preset_edit')}
        aria-describedby={titleId}
        onClick={onEdit}
        className={action}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={t('com_endpoint_preset_export')}
        title={t('com_endpoint_preset_export')}
        aria-describedby={titleId}
        onClick={onExport}
        className={action}
      >
        <Download aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={t('com_endpoint_preset_delete')}
        title={t('com_endpoint_preset_delete')}
        aria-describedby={titleId}
        onClick={onDelete}
        className={`${action} hover:text-rose-600 dark:hover:text-rose-400`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
