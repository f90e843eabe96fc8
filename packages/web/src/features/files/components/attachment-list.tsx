import { useTranslation } from 'react-i18next';
import { useAttachmentsStore } from '../attachments.store';
import { removeAttachment } from '../remove-attachment';
import { AttachmentItem } from './attachment-item';

/** The files of the message box, above the text; nothing when there are none. */
export function AttachmentList() {
  const { t } = useTranslation();
  const files = useAttachmentsStore((s) => s.files);
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('com_ui_attachments')} className="flex gap-3 overflow-x-auto px-1 pt-2.5 pb-1.5">
      {files.map((file) => (
        <AttachmentItem key={file.id} file={file} onRemove={removeAttachment} />
      ))}
    </ul>
  );
}
