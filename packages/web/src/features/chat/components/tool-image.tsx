import { useState } from 'react';
import type { ContentPart } from '@parley/shared';
import { FileImage } from '../../files/components/file-image';
import { ImageViewerDialog } from '../../files/components/image-viewer-dialog';
import { useTranslation } from 'react-i18next';

type ImagePart = Extract<ContentPart, { type: 'image_file' }>['image_file'];

/** An image a tool made (a drawing), inline in the reply; it opens full size as a message's attached images do. */
export function ToolImage({ image }: { image: ImagePart }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const alt = image.filename ?? '';
  return (
    <>
      <button
        type="button"
        data-testid="tool-image"
        aria-label={alt ? t('com_ui_tool_image_open', { name: alt }) : t('com_ui_tool_image_open_unnamed')}
        onClick={() => setOpen(true)}
        className="block w-fit max-w-full overflow-hidden rounded-xl border border-zinc-200 transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700"
      >
        <FileImage
          path={image.filepath}
          alt={alt}
          width={image.width}
          height={image.height}
          style={
            image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined
          }
          className="block h-auto max-h-80 w-auto max-w-full min-w-16 object-contain"
        />
      </button>
      <ImageViewerDialog
        path={open ? (image.filepath ?? null) : null}
        alt={alt}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
