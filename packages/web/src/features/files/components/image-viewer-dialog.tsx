import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FileImage } from './file-image';

interface ImageViewerDialogProps {
  /** The image's file path; the dialog is closed when null. */
  path: string | null;
  alt: string;
  onClose: () => void;
}

/** An attached image at full size (up to the screen), in the app's dialog: Escape or the close button ends it. */
export function ImageViewerDialog({ path, alt, onClose }: ImageViewerDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={path !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_attach_image_view')}
      widthClass="max-w-5xl sm:w-auto sm:min-w-96"
      testId="image-viewer"
    >
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-zinc-50 p-3 dark:bg-zinc-950">
        <FileImage
          path={path}
          alt={alt}
          className="max-h-[calc(100dvh-8rem)] min-h-24 w-auto max-w-full rounded-lg object-contain"
        />
      </div>
    </DialogFrame>
  );
}
