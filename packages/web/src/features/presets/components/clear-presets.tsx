import { useTranslation } from 'react-i18next';

interface ClearPresetsConfirmProps {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

const base =
  'inline-flex h-8 shrink-0 items-center rounded-lg px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-teal-600 disabled:opacity-50';

/** The second step of "Clear all": deleting every preset is confirmed once more. */
export function ClearPresetsConfirm({ busy, onCancel, onConfirm }: ClearPresetsConfirmProps) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('com_endpoint_preset_clear_confirm')}
      className="flex w-full items-center gap-1"
    >
      <span className="min-w-0 flex-1 px-1 text-sm text-zinc-700 dark:text-zinc-200">
        {t('com_endpoint_preset_clear_confirm')}
      </span>
      <button
        type="button"
        autoFocus
        onClick={onCancel}
        className={`${base} text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`}
      >
        {t('com_endpoint_cancel')}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={onConfirm}
        className={`${base} bg-rose-600 font-medium text-white hover:bg-rose-700 dark:hover:bg-rose-500`}
      >
        {t('com_endpoint_preset_clear_confirm_action')}
      </button>
    </div>
  );
}
