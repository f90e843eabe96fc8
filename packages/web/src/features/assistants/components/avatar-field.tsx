import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assistant } from '@parley/shared';
import { isApiError } from '../../../lib/api-error';
import { useFileConfig } from '../../files/files.api';
import { showToast } from '../../toast/toast.store';
import { useUploadAvatarMutation } from '../assistants.api';
import { AVATAR_TYPES, avatarAcceptable } from '../knowledge-rules';
import { AssistantAvatar } from './assistant-avatar';

interface AvatarFieldProps {
  assistant: Assistant | null;
  /** A new assistant's picture waits for Create: it is handed here and uploaded once the assistant exists. */
  onPending: (file: File | null) => void;
}

/**
 * The assistant's picture: a click picks an image, which shows at once; a saved assistant's is uploaded right away
 * and, if that fails, the previous picture comes back (docs/reference/assistants.md (Avatar)).
 */
export function AvatarField({ assistant, onPending }: AvatarFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const limit = useFileConfig().avatarSizeLimit;
  const upload = useUploadAvatarMutation();

  // A preview lives until the next one or until the builder moves to another assistant.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!avatarAcceptable(file, limit)) {
      showToast({ message: t('com_ui_upload_invalid'), severity: 'error' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    if (!assistant) return onPending(file);
    upload.mutate(
      { assistantId: assistant.id, file },
      {
        onSuccess: () => showToast({ message: t('com_ui_upload_success'), severity: 'success' }),
        onError: (error) => {
          setPreview(null);
          const invalid = isApiError(error) && error.body?.key === 'com_ui_upload_invalid';
          showToast({
            message: t(invalid ? 'com_ui_upload_invalid' : 'com_ui_upload_error'),
            severity: 'error',
          });
        },
      },
    );
  };

  return (
    <div className="flex justify-center">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label={t('com_assistants_avatar_change')}
        title={t('com_assistants_avatar_change')}
        data-testid="assistant-avatar-button"
        className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-wait"
      >
        <AssistantAvatar src={preview ?? assistant?.metadata.avatar} className="size-20" />
        <span
          aria-hidden="true"
          className={`absolute inset-0 flex items-center justify-center rounded-full bg-zinc-950/50 text-white transition-opacity ${
            upload.isPending
              ? 'opacity-100'
              : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100'
          }`}
        >
          {upload.isPending ? (
            <span className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          ) : (
            <ImageUp className="size-6" />
          )}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={AVATAR_TYPES.join(',')}
        data-testid="assistant-avatar-input"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
