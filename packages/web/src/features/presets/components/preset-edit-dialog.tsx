import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_TITLE_MAX, type Preset } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { ConversationSetup } from '../../chat/conversation.store';
import { LazySettingsPanel as SettingsPanel } from '../../endpoints/components/settings/lazy-settings-panel';
import { orderedEndpoints, useEndpointsQuery, useModelsQuery } from '../../endpoints/endpoints.api';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { modelsOf, setupForEndpoint, setupForModel } from '../../endpoints/endpoint-setup';
import { presetToSetup } from '../preset-setup';
import { useSavePreset } from '../hooks/use-save-preset';
import { usePresetsUiStore } from '../presets-ui.store';
import { DialogFrame } from '../../../components/ui/dialog-frame';

/** The presets modal: edits a preset's title, endpoint, model and options with the settings panel. */
export function PresetEditDialog() {
  const { t } = useTranslation();
  const editing = usePresetsUiStore((s) => s.editing);
  const close = usePresetsUiStore((s) => s.closeEdit);
  return (
    <DialogFrame
      open={editing !== null}
      onOpenChange={(next) => !next && close()}
      title={t('com_endpoint_edit_preset')}
      widthClass="max-w-lg"
    >
      {editing && <PresetEditForm key={editing.presetId} preset={editing} onDone={close} />}
    </DialogFrame>
  );
}

function PresetEditForm({ preset, onDone }: { preset: Preset; onDone: () => void }) {
  const { t } = useTranslation();
  const { data: config } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const [title, setTitle] = useState(preset.title);
  const [setup, setSetup] = useState<ConversationSetup>(() => presetToSetup(preset));
  const [error, setError] = useState<string | undefined>();
  const save = useSavePreset();
  const endpoint = setup.endpoint ?? preset.endpoint;
  const endpointModels = modelsOf(endpoint, models);
  const endpoints = orderedEndpoints(config);
  // A preset of an endpoint no longer configured still shows (and keeps) its endpoint and model.
  const endpointOptions = endpoints.includes(endpoint) ? endpoints : [endpoint, ...endpoints];
  const modelOptions =
    setup.model && !endpointModels.includes(setup.model) ? [setup.model, ...endpointModels] : endpointModels;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = title.trim();
    if (!name) return setError(t('com_endpoint_preset_title_required'));
    const { presetId, defaultPreset, order } = preset;
    save.run({ ...setup, endpoint, title: name, presetId, defaultPreset, order }, onDone);
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-4">
        <div className="flex flex-col gap-4">
          <TextField
            label={t('com_endpoint_preset_title')}
            value={title}
            required
            maxLength={PRESET_TITLE_MAX}
            error={error}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(undefined);
            }}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t('com_endpoint_endpoint')}
              <select
                value={endpoint}
                onChange={(e) => setSetup(setupForEndpoint(e.target.value, config, models))}
                className="select-control h-11 max-w-none"
              >
                {endpointOptions.map((name) => (
                  <option key={name} value={name}>
                    {endpointLabel(name, t)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t('com_endpoint_model')}
              <select
                value={setup.model ?? ''}
                onChange={(e) => setSetup(setupForModel(setup, config, e.target.value))}
                className="select-control h-11 max-w-none"
              >
                {modelOptions.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="h-px bg-zinc-200 dark:bg-zinc-800" />
          <SettingsPanel
            endpoint={endpoint}
            config={config}
            models={endpointModels}
            values={setup}
            onChange={(patch) => setSetup((s) => ({ ...s, ...patch }))}
          />
        </div>
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
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
