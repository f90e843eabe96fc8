import { useTranslation } from 'react-i18next';
import { FileText, X } from 'lucide-react';
import type { AttachedFile } from '../attachments.store';
import { fileKindLabel } from '../file-kind';
import { FileImage } from './file-image';
import { ProgressRing } from './progress-ring';

interface AttachmentItemProps {
  file: AttachedFile;
  onRemove: (id: string) => void;
}

/** One file of the message box: an image thumbnail or a file chip, a progress ring while it uploads. */
export function AttachmentItem({ file, onRemove }: AttachmentItemProps) {
  const { t } = useTranslation();
  const done = file.progress >= 1;
  const isImage = file.type.startsWith('image/');
  const ring = !done && (
    <ProgressRing progress={file.progress} label={t('com_ui_attach_uploading', { name: file.filename })} />
  );
  return (
    <li
      data-testid="attachment"
      data-progress={file.progress}
      data-file-id={file.file_id}
      className="relative shrink-0"
      title={file.filename}
    >
      {isImage ? (
        <span className="relative block size-14 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800">
          <FileImage
            path={file.preview ?? file.filepath}
            alt={file.filename}
            className="size-full object-cover"
          />
          {ring}
        </span>
      ) : (
        <span className="flex h-14 w-48 items-center gap-2.5 rounded-xl border border-zinc-200 bg-white p-2 pe-3 dark:border-zinc-700 dark:bg-zinc-800">
          <span className="relative flex size-10 shrink-0 items-center justify-center rounded-lg bg-teal-700 text-white dark:bg-teal-600">
            {ring || <FileText className="size-5" aria-hidden="true" />}
          </span>
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {file.filename}
            </span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              {fileKindLabel(file.filename, file.type)}
            </span>
          </span>
        </span>
      )}
      {done && (
        <button
          type="button"
          aria-label={t('com_ui_attach_remove', { name: file.filename })}
          onClick={() => onRemove(file.id)}
          // The visible dot is small; the ::before extends the hit area for fingers.
          className="absolute -top-1.5 -end-1.5 flex size-5 items-center justify-center rounded-full bg-zinc-900 text-white ring-2 ring-white before:absolute before:-inset-2 hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600 dark:bg-zinc-100 dark:text-zinc-900 dark:ring-zinc-900 dark:hover:bg-zinc-300"
        >
          <X className="size-3" strokeWidth={3} aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
