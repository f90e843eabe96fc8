import { useTranslation } from 'react-i18next';
import { useFileUsage } from '../../files/files.api';
import { storageUsageView } from '../storage-usage';

const FILL = {
  ok: 'bg-teal-600 dark:bg-teal-500',
  high: 'bg-amber-500',
  full: 'bg-red-600 dark:bg-red-500',
} as const;

/** "Storage: 12.3 MB of 1 GB used" over a bar, in My Files; nothing until the usage has arrived. */
export function StorageUsageLine({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const usage = useFileUsage(enabled);
  if (!usage.data) return null;
  const view = storageUsageView(usage.data);
  const text =
    view.limit === null
      ? t('com_ui_files_storage_unlimited', { used: view.used })
      : t('com_ui_files_storage', { used: view.used, limit: view.limit });
  return (
    <div data-testid="storage-usage" className="flex flex-col gap-1.5 sm:max-w-xs">
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{text}</span>
      {view.limit !== null && (
        <div
          role="progressbar"
          aria-label={t('com_ui_files_storage_label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(view.percent)}
          aria-valuetext={text}
          className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div
            data-level={view.level}
            className={`h-full rounded-full ${FILL[view.level]}`}
            // At least a sliver, so a little use is seen as use.
            style={{ width: `${view.percent > 0 ? Math.max(view.percent, 1) : 0}%` }}
          />
        </div>
      )}
    </div>
  );
}
