import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkPlus, Trash2, Upload } from 'lucide-react';
import type { Preset } from '@parley/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { usePresetActions } from '../hooks/use-preset-actions';
import { useSelectPreset } from '../hooks/use-select-preset';
import { usePresetsQuery } from '../presets.api';
import { usePresetsUiStore } from '../presets-ui.store';
import { usePendingDeleteKeys } from '../../undo/pending-delete-keys';
import { ClearPresetsConfirm } from './clear-presets';
import { PresetRow } from './preset-row';

// The delete confirmation loads on the first delete.
const DeletePreset = lazy(async () => ({
  default: (await import('./delete-preset')).DeletePreset,
}));

const footerButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:opacity-50 dark:text-zinc-200 dark:hover:bg-zinc-800';

/**
 * What the open presets menu shows: import, the presets (select, default, edit, export, delete), save and clear all.
 * Loaded when the menu is first about to open (kept out of the initial JavaScript of /c/new); it unmounts with the
 * menu, so a half-confirmed Clear all is forgotten on closing. `close` closes the menu.
 */
export function PresetsPanel({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const [confirmClear, setConfirmClear] = useState(false);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { data: presets, isPending } = usePresetsQuery();
  const { data: config } = useEndpointsQuery();
  const select = useSelectPreset();
  const actions = usePresetActions();
  const { openSave, openEdit } = usePresetsUiStore.getState();
  // A preset whose delete waits out its undo window is already gone from the list.
  const pendingDeletes = usePendingDeleteKeys((s) => s.keys);
  const list = (presets ?? []).filter((p) => !pendingDeletes.has(`preset:${p.presetId}`));

  // Dialogs take over from the popover, so it closes before they open.
  const closeThen = (next: () => void) => {
    close();
    next();
  };

  return (
    <>
      <div className="flex items-center gap-2 px-4 pt-3 pb-2">
        <h2 className="flex-1 text-sm font-semibold">{t('com_endpoint_presets')}</h2>
        <button type="button" onClick={() => fileInput.current?.click()} className={footerButton}>
          <Upload aria-hidden="true" className="size-3.5" />
          {t('com_endpoint_preset_import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label={t('com_endpoint_preset_import_label')}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void actions.importFile(file);
          }}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1.5">
        {isPending ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="px-2.5 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
            {t('com_endpoint_presets_empty')}
          </p>
        ) : (
          <ul aria-label={t('com_endpoint_presets')} className="flex flex-col gap-0.5 pb-1">
            {list.map((preset) => (
              <PresetRow
                key={preset.presetId}
                preset={preset}
                config={config}
                onSelect={() => closeThen(() => select(preset))}
                onToggleDefault={() => actions.toggleDefault(preset)}
                onEdit={() => closeThen(() => openEdit(preset))}
                onExport={() => actions.exportPreset(preset)}
                onDelete={() => setDeleting(preset)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="flex min-h-12 items-center gap-2 border-t border-zinc-200 px-2.5 py-2 dark:border-zinc-800">
        {confirmClear ? (
          <ClearPresetsConfirm
            busy={actions.clearing}
            onCancel={() => setConfirmClear(false)}
            onConfirm={() => {
              actions.clearAll();
              setConfirmClear(false);
            }}
          />
        ) : (
          <>
            <button
              type="button"
              onClick={() => closeThen(openSave)}
              className={`${footerButton} flex-1 justify-start`}
            >
              <BookmarkPlus aria-hidden="true" className="size-4" />
              {t('com_endpoint_save_as_preset')}
            </button>
            {list.length > 0 && (
              <button
                type="button"
                onClick={() => setConfirmClear(true)}
                className={`${footerButton} hover:bg-rose-50 hover:text-rose-700 dark:hover:bg-rose-500/10 dark:hover:text-rose-300`}
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                {t('com_endpoint_preset_clear_all')}
              </button>
            )}
          </>
        )}
      </div>
      {deleting && (
        // Inside the popover's tree, so the popover stays open behind the dialog.
        <Suspense fallback={null}>
          <DeletePreset preset={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </>
  );
}
