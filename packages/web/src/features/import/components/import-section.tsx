import { use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_BYTES } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-error';
import { showToast } from '../../toast/toast.store';
import { importTexts } from '../import-texts';
import { startImport, useImportJob } from '../import.api';

/**
 * Settings → Data → Import conversations (docs/reference/import.md (In the web)): pick a JSON export; the job's
 * progress shows while it runs, then how many conversations came in, or why nothing did.
 */
export function ImportSection() {
  use(importTexts);
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const status = job.data?.status;
  const running =
    sending || (jobId !== null && status !== 'completed' && status !== 'failed' && !job.isError);

  const toasted = useRef<string | null>(null);
  const done = status === 'completed' ? job.data!.conversations : null;
  useEffect(() => {
    if (done === null || toasted.current === jobId) return;
    toasted.current = jobId;
    showToast({ message: t('com_import_done', { n: done }), severity: 'success' });
  }, [done, jobId, t]);
  const failure =
    error ??
    (status === 'failed' ? (job.data!.error ?? t('com_import_failed')) : null) ??
    (job.isError ? errorText(job.error) : null);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    setJobId(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setError(t('com_import_too_large'));
      return;
    }
    setSending(true);
    try {
      setJobId((await startImport(file)).jobId);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSending(false);
    }
  };

  const percent =
    job.data && job.data.totalBytes > 0 ? Math.floor((job.data.bytesRead / job.data.totalBytes) * 100) : 0;
  return (
    <section aria-labelledby="import-heading" className="py-3" data-testid="import-section">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h3 id="import-heading" className="text-sm text-zinc-800 dark:text-zinc-100">
            {t('com_import_title')}
          </h3>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t('com_import_hint')}</p>
        </div>
        <Button variant="secondary" disabled={running} onClick={() => input.current?.click()}>
          {t('com_import_button')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="import-file"
          aria-label={t('com_import_title')}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      {running && (
        <div className="mt-2" role="status">
          <p className="text-xs text-zinc-600 dark:text-zinc-300">{t('com_import_progress', { percent })}</p>
          <div
            className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
            role="progressbar"
            aria-label={t('com_import_title')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {status === 'completed' && (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">
          {t('com_import_done', { n: job.data!.conversations })}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {failure}
        </p>
      )}
    </section>
  );
}
