import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { Message } from '@parley/shared';
import { fileKindLabel } from '../file-kind';
import { FileImage } from './file-image';
import { ImageViewerDialog } from './image-viewer-dialog';

type MessageFile = NonNullable<Message['files']>[number];

const isImage = (f: MessageFile) => Boolean(f.filepath) && (f.type ?? '').startsWith('image/');

/** The files of a sent message: image thumbnails that open full size, other files as chips. */
export function MessageFiles({ files, alignEnd }: { files: Message['files']; alignEnd: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  if (!files?.length) return null;
  const alt = t('com_ui_attach_image');
  return (
    <div
      data-testid="message-files"
      className={`flex max-w-[85%] flex-wrap gap-2 ${alignEnd ? 'justify-end' : ''}`}
    >
      {files.map((file, index) =>
        isImage(file) ? (
          <button
            key={file.file_id}
            type="button"
            aria-label={t('com_ui_attach_open_image', { n: index + 1 })}
            onClick={() => setOpen(file.filepath ?? null)}
            className="block overflow-hidden rounded-xl border border-zinc-200 transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700"
          >
            <FileImage
              path={file.filepath}
              alt={alt}
              width={file.width}
              height={file.height}
              style={
                file.width && file.height ? { aspectRatio: `${file.width} / ${file.height}` } : undefined
              }
              className="block h-32 w-auto max-w-56 min-w-16 object-cover sm:h-40"
            />
          </button>
        ) : (
          <span
            key={file.file_id}
            className="flex h-12 items-center gap-2 rounded-xl border border-zinc-200 bg-white py-1.5 pe-3 ps-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-800"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-teal-700 text-white dark:bg-teal-600">
              <FileText className="size-4" aria-hidden="true" />
            </span>
            <span className="leading-tight">
              <span className="block font-medium text-zinc-900 dark:text-zinc-100">
                {t('com_ui_attach_file')}
              </span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                {fileKindLabel(undefined, file.type)}
              </span>
            </span>
          </span>
        ),
      )}
      <ImageViewerDialog path={open} alt={alt} onClose={() => setOpen(null)} />
    </div>
  );
}
