import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale';
import { ASSISTANT_LIMITS, type Assistant } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import {
  assistantFormSchema,
  assistantToForm,
  emptyAssistantForm,
  type AssistantFormValues,
} from '../assistant-form';
import { offeredCapabilities } from '../capabilities';
import { useSaveAssistant } from '../hooks/use-save-assistant';
import { ActionsList } from './actions-list';
import { AvatarField } from './avatar-field';
import { CapabilitiesField } from './capabilities-field';
import { DeleteAssistant } from './delete-assistant';
import { KnowledgeFiles } from './knowledge-files';
import { ModelField } from './model-field';
import { TextAreaField } from './text-area-field';
import { ToolsField } from './tools-field';

const LIMIT: Record<string, number> = {
  com_assistants_name_too_long: ASSISTANT_LIMITS.name,
  com_assistants_description_too_long: ASSISTANT_LIMITS.description,
  com_assistants_instructions_too_long: ASSISTANT_LIMITS.instructions,
};

/**
 * The builder's form for one assistant (a new one when `assistant` is null): avatar, name, id, description,
 * instructions, model, capabilities, knowledge files, tools, then Delete and Save (Create for a new one).
 */
export function AssistantBuilder({ assistant, models }: { assistant: Assistant | null; models: string[] }) {
  const { t, i18n } = useTranslation();
  const offered = offeredCapabilities(useEndpointsQuery().data?.assistants);
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  const { save, pending } = useSaveAssistant(assistant, pendingAvatar);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<AssistantFormValues>({
    resolver: zodResolver(assistantFormSchema),
    defaultValues: assistant ? assistantToForm(assistant) : emptyAssistantForm(models),
  });
  const error = (message: string | undefined) =>
    message ? t(message, { max: LIMIT[message]?.toLocaleString(intlLocale(i18n.language)) }) : undefined;
  const onSubmit = handleSubmit(async (values) => {
    if ((await save(values)) && assistant) reset(values);
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-3 py-4">
        <AvatarField assistant={assistant} onPending={setPendingAvatar} />
        <div className="flex flex-col gap-1">
          <TextField
            label={t('com_assistants_name')}
            placeholder={t('com_assistants_name_placeholder')}
            autoComplete="off"
            data-testid="assistant-name"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          {assistant && (
            <p data-testid="assistant-id" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
              {t('com_assistants_id', { id: assistant.id })}
            </p>
          )}
        </div>
        <TextField
          label={t('com_assistants_description')}
          placeholder={t('com_assistants_description_placeholder')}
          autoComplete="off"
          data-testid="assistant-description"
          error={error(errors.description?.message)}
          {...register('description')}
        />
        <TextAreaField
          label={t('com_assistants_instructions')}
          placeholder={t('com_assistants_instructions_placeholder')}
          rows={5}
          data-testid="assistant-instructions"
          error={error(errors.instructions?.message)}
          {...register('instructions')}
        />
        <ModelField
          models={models}
          saved={assistant?.model ?? null}
          error={error(errors.model?.message)}
          field={register('model')}
        />
        <CapabilitiesField register={register} offered={offered} />
        <KnowledgeFiles assistant={assistant} />
        {offered('actions') && <ActionsList assistant={assistant} />}
        <ToolsField control={control} />
      </div>
      <div className="flex shrink-0 items-center gap-2 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        {assistant && <DeleteAssistant assistant={assistant} />}
        <Button
          type="submit"
          disabled={pending}
          className="ms-auto h-10! min-w-24"
          data-testid="assistant-save"
        >
          {t(assistant ? 'com_ui_save' : 'com_ui_create')}
        </Button>
      </div>
    </form>
  );
}
