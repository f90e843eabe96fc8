import { use, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { TextField } from '../../../components/ui/text-field';
import { sendClick } from '../../commerce/click';
import { useAuthStore } from '../../auth/auth.store';
import { useConversationStore } from '../../chat/conversation.store';
import { exportTexts } from '../export-texts';
import { useExportDialogStore } from '../export-dialog.store';
import { readChoices, saveChoices } from '../export-preferences';
import { exportWording } from '../export-wording';
import { EXPORT_TYPES, enabledChoices, type ExportChoices, type ExportType } from '../export-types';
import { sanitizeFilename } from '../sanitize-filename';
import { runExport } from '../run-export';

const checkboxClass =
  'size-4 shrink-0 cursor-pointer rounded border-zinc-300 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed dark:border-zinc-600 dark:accent-teal-500';
const optionRow =
  'flex min-h-11 items-center gap-3 text-sm text-zinc-800 has-[:disabled]:text-zinc-500 dark:text-zinc-200 dark:has-[:disabled]:text-zinc-400';

/**
 * Export conversation: the open conversation downloaded as a screenshot, text, Markdown, json or csv
 * (docs/reference/conversations.md (Exporting a conversation)). The last choices are remembered; the file name
 * starts as the conversation's title each time.
 */
export function ExportDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(exportTexts);
  const { t } = useTranslation();
  const open = useExportDialogStore((s) => s.open);
  const setOpen = useExportDialogStore((s) => s.setOpen);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      title={t('com_export_title')}
      testId="export-dialog"
      widthClass="max-w-md"
    >
      {/* Mounted per opening, so the name and choices start fresh from the title and the remembered ones. */}
      {open && <ExportForm onDone={() => setOpen(false)} />}
    </DialogFrame>
  );
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const conversationId = useConversationStore((s) => s.conversationId);
  const title = useConversationStore((s) => s.title);
  const user = useAuthStore((s) => s.user);
  const [filename, setFilename] = useState(() => sanitizeFilename(title ?? ''));
  const [choices, setChoices] = useState<ExportChoices>(readChoices);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = enabledChoices(choices.type);
  const change = (patch: Partial<ExportChoices>) => {
    setError(null);
    setChoices((c) => ({ ...c, ...patch }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    saveChoices(choices);
    sendClick({ b: `export_${choices.type}` });
    const failure = await runExport(
      conversationId,
      choices,
      sanitizeFilename(filename),
      exportWording(t, user),
    );
    setBusy(false);
    if (failure) setError(t(`com_export_error_${failure}`));
    else onDone();
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col" aria-busy={busy}>
      <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 py-4">
        <TextField
          label={t('com_export_filename')}
          value={filename}
          onChange={(e) => setFilename(e.target.value)}
          // What will be saved shows once the field is left, so typing is never fought.
          onBlur={() => setFilename(sanitizeFilename(filename))}
          maxLength={400}
          autoComplete="off"
          spellCheck={false}
          data-testid="export-filename"
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('com_export_type')}
          <select
            value={choices.type}
            onChange={(e) => change({ type: e.target.value as ExportType })}
            className="select-control h-11 max-w-none"
            data-testid="export-type"
          >
            {EXPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`com_export_type_${type}`)}
              </option>
            ))}
          </select>
        </label>
        {choices.type === 'screenshot' && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_export_screenshot_hint')}</p>
        )}
        {choices.type === 'csv' && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_export_csv_hint')}</p>
        )}
        <div className="flex flex-col">
          <label className={optionRow}>
            <input
              type="checkbox"
              className={checkboxClass}
              checked={enabled.includeOptions && choices.includeOptions}
              disabled={!enabled.includeOptions}
              onChange={(e) => change({ includeOptions: e.target.checked })}
              data-testid="export-include-options"
            />
            {t('com_export_include_options')}
          </label>
          <label className={optionRow}>
            <input
              type="checkbox"
              className={checkboxClass}
              checked={enabled.allBranches && choices.allBranches}
              disabled={!enabled.allBranches}
              onChange={(e) => change({ allBranches: e.target.checked })}
              data-testid="export-all-branches"
            />
            {t('com_export_all_branches')}
          </label>
        </div>
        <fieldset disabled={!enabled.recursive} className="flex flex-col">
          <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('com_export_structure')}
          </legend>
          {(['recursive', 'sequential'] as const).map((kind) => (
            <label key={kind} className={optionRow}>
              <input
                type="radio"
                name="export-structure"
                className={checkboxClass}
                checked={enabled.recursive && choices.recursive === (kind === 'recursive')}
                onChange={() => change({ recursive: kind === 'recursive' })}
                data-testid={`export-${kind}`}
              />
              {t(`com_export_${kind}`)}
            </label>
          ))}
        </fieldset>
        {error && <Alert>{error}</Alert>}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 px-5 py-3 sm:flex-row sm:justify-end dark:border-zinc-800">
        <Button variant="secondary" onClick={onDone}>
          {t('com_export_cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="export-submit">
          {busy && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {busy ? t('com_export_working') : t('com_export_submit')}
        </Button>
      </div>
    </form>
  );
}
