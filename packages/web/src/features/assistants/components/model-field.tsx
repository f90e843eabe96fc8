import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The model the assistant runs on: those the assistants endpoint offers, plus the one saved if it is no longer
 * offered (so opening an assistant never changes its model behind the user's back).
 */
export function ModelField({
  models,
  saved,
  error,
  field,
}: {
  models: readonly string[];
  saved: string | null;
  error?: string;
  field: UseFormRegisterReturn<'model'>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const options = saved && !models.includes(saved) ? [saved, ...models] : models;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('com_assistants_model')}
      </label>
      <select
        id={id}
        data-testid="assistant-model"
        aria-invalid={error ? true : undefined}
        className="select-control h-11 max-w-none aria-invalid:border-rose-500"
        {...field}
      >
        {options.length === 0 && <option value="">{t('com_assistants_no_models')}</option>}
        {options.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
      {error && <p className="text-sm text-rose-600 dark:text-rose-400">{error}</p>}
    </div>
  );
}
