import { ImageUp, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { megabytes } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { errorText } from '../../../lib/api-error';
import { useAuthStore } from '../../auth/auth.store';
import { useFileConfig } from '../../files/files.api';
import { showToast } from '../../toast/toast.store';
import { AVATAR_ACCEPT, avatarSizeLimit, isValidAvatarFile } from './avatar-file-rules';
import { useAvatarUpload } from './use-avatar-upload';
import { UserAvatar } from './user-avatar';

/**
 * The chosen file with its object URL for the preview. The URL is made when a file is chosen and revoked when
 * it is replaced or the dialog goes away, so no preview outlives its use.
 */
function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const latest = useRef(chosen);
  useEffect(() => {
    latest.current = chosen;
  }, [chosen]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );
  const replace = (file: File | null) => {
    if (chosen) URL.revokeObjectURL(chosen.url);
    setChosen(file ? { file, url: URL.createObjectURL(file) } : null);
  };
  return [chosen, replace] as const;
}

/**
 * Settings > Account: choose a .png or .jpg, see it, upload it as the profile picture
 * (docs/reference/files.md (Profile picture)).
 */
export function AvatarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  // The server checks the picture against the file config's avatarSizeLimit (the operator's, else 2 MB).
  const limit = avatarSizeLimit(useFileConfig().avatarSizeLimit);
  const [chosen, setFile] = useChosenFile();
  // 'invalid': wrong type or size (checked before reading); 'unreadable': the browser cannot decode it.
  const [problem, setProblem] = useState<'invalid' | 'unreadable' | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;
  const upload = useAvatarUpload();
  const input = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const ok = isValidAvatarFile(chosen, limit);
    setProblem(ok ? null : 'invalid');
    setFile(ok ? chosen : null);
  };
  const close = () => {
    setFile(null);
    setProblem(null);
    upload.reset();
    onClose();
  };
  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        showToast({ message: t('com_nav_avatar_upload_success'), severity: 'success' });
        close();
      },
      onError: (error) =>
        showToast({
          message: t('com_nav_avatar_upload_error', { error: errorText(error) }),
          severity: 'error',
        }),
    });
  };
  const mb = megabytes(limit);

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_nav_change_picture')}
      widthClass="max-w-sm"
      testId="avatar-dialog"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        chooseRef.current?.focus();
      }}
    >
      <div className="flex flex-col items-center gap-4 px-5 py-5">
        {preview ? (
          <img
            src={preview}
            alt={t('com_nav_avatar_preview')}
            data-testid="avatar-preview"
            // A file named and typed as a picture that is not one: refused here, before any upload.
            onError={() => {
              setFile(null);
              setProblem('unreadable');
            }}
            className="size-32 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-700"
          />
        ) : (
          <UserAvatar
            name={user?.name ?? ''}
            avatar={user?.avatar}
            className="size-32 bg-teal-700 text-5xl"
          />
        )}
        <p className="text-center text-sm text-zinc-500 dark:text-zinc-400">
          {file ? file.name : t('com_nav_avatar_no_preview')}
        </p>
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // Choosing the same file again must fire change again.
            e.target.value = '';
          }}
        />
        <Button
          ref={chooseRef}
          variant="secondary"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {t(file ? 'com_nav_avatar_choose_other' : 'com_nav_avatar_choose')}
        </Button>
        {problem ? (
          <p id={hintId} role="alert" className="text-center text-sm text-rose-600 dark:text-rose-400">
            {t(problem === 'invalid' ? 'com_nav_avatar_invalid' : 'com_nav_avatar_unreadable', { limit: mb })}
          </p>
        ) : (
          <p id={hintId} className="text-center text-xs text-zinc-500 dark:text-zinc-400">
            {t('com_nav_avatar_hint', { limit: mb })}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <Button variant="ghost" onClick={close}>
          {t('com_nav_avatar_cancel')}
        </Button>
        <Button
          // The shared primary style keeps its dark background when disabled; dim it here.
          className="dark:disabled:opacity-50"
          disabled={!file || upload.isPending}
          onClick={send}
          data-testid="avatar-upload"
        >
          {upload.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {t('com_nav_avatar_upload')}
        </Button>
      </div>
    </DialogFrame>
  );
}
