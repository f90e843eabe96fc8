import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_EXAMPLES, type ParseOpenApiResult } from '@parley/shared';
import { SpecStatus } from './spec-status';

// Literal keys, so the locale test sees each one.
const EXAMPLE_LABELS: Record<(typeof ACTION_EXAMPLES)[number]['key'], string> = {
  weather: 'com_assistants_example_weather',
  pet_store: 'com_assistants_example_pet_store',
  blank: 'com_assistants_example_blank',
};

interface SchemaFieldProps {
  value: string;
  onChange: (text: string) => void;
  result: ParseOpenApiResult | null;
  parsing: boolean;
}

/** The OpenAPI schema box, the Examples menu that fills it, and what the parse says. */
export function SchemaField({ value, onChange, result, parsing }: SchemaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const statusId = `${id}-status`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('com_assistants_schema')}
        </label>
        <select
          aria-label={t('com_assistants_examples')}
          data-testid="schema-examples"
          value=""
          onChange={(e) => {
            const example = ACTION_EXAMPLES.find((x) => x.key === e.target.value);
            if (example) onChange(example.text);
          }}
          className="select-control h-8 text-xs"
        >
          <option value="">{t('com_assistants_examples')}</option>
          {ACTION_EXAMPLES.map((example) => (
            <option key={example.key} value={example.key}>
              {t(EXAMPLE_LABELS[example.key])}
            </option>
          ))}
        </select>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
        wrap="off"
        rows={14}
        placeholder={t('com_assistants_schema_placeholder')}
        aria-describedby={statusId}
        aria-invalid={result && !result.ok ? true : undefined}
        data-testid="action-schema"
        className="min-h-40 w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-xs leading-5 text-zinc-900 shadow-xs outline-none placeholder:text-zinc-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-rose-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      <SpecStatus id={statusId} result={result} parsing={parsing} />
    </div>
  );
}
