import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_TITLE_MAX } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useConversationStore } from '../../chat/conversation.store';
import { setupToPayload } from '../preset-setup';
import { useSavePreset } from '../hooks/use-save-preset';
import { usePresetsUiStore } from '../presets-ui.store';
import { DialogFrame } from '../../../components/ui/dialog-frame';

/** Saves the conversation's current setup as a new preset under a required name. */
export function SavePresetDialog() {
  const open = usePresetsUiStore((s) => s.saveOpen);
  const close = usePresetsUiStore((s) => s.closeSave);
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_endpoint_save_as_preset')}
      description={t('com_endpoint_save_preset_desc')}
    >
      {/* Mounted only while open, so every opening starts with an empty name. */}
      {open && <SavePresetForm onDone={close} />}
    </DialogFrame>
  );
}

function SavePresetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSavePreset();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = title.trim();
    if (!name) return setError(t('com_endpoint_preset_title_required'));
    const setup = useConversationStore.getState().setup;
    save.run(setupToPayload(setup, name), onDone);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 px-5 pt-4 pb-5">
      <TextField
        label={t('com_endpoint_preset_title')}
        placeholder={t('com_endpoint_preset_title_placeholder')}
        value={title}
        autoFocus
        required
        maxLength={PRESET_TITLE_MAX}
        error={error}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(undefined);
        }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('com_endpoint_cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('com_endpoint_save')}
        </Button>
      </div>
    </form>
  );
}
