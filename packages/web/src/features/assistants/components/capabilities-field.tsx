import { useTranslation } from 'react-i18next';
import type { UseFormRegister } from 'react-hook-form';
import type { AssistantFormValues } from '../assistant-form';

// Literal keys, so the locale test sees each one.
const CAPABILITIES = [
  {
    name: 'code_interpreter',
    label: 'com_assistants_code_interpreter',
    info: 'com_assistants_code_interpreter_info',
  },
  { name: 'retrieval', label: 'com_assistants_retrieval', info: 'com_assistants_retrieval_info' },
] as const;

/** Code Interpreter and Retrieval, each a checkbox with what it lets the assistant do; `offered` hides turned-off ones. */
export function CapabilitiesField({
  register,
  offered,
}: {
  register: UseFormRegister<AssistantFormValues>;
  offered: (capability: 'code_interpreter' | 'retrieval') => boolean;
}) {
  const { t } = useTranslation();
  const shown = CAPABILITIES.filter((c) => offered(c.name));
  if (shown.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('com_assistants_capabilities')}
      </legend>
      {shown.map(({ name, label, info }) => (
        <label
          key={name}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900"
        >
          <input
            type="checkbox"
            data-testid={`capability-${name}`}
            className="mt-0.5 size-4 shrink-0 accent-teal-700"
            {...register(name)}
          />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(label)}</span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">{t(info)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
