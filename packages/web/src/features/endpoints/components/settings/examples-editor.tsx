import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import type { ConversationOptions } from '@parley/shared';
import { fieldHint, fieldLabel, textControl } from './field-styles';

type Examples = NonNullable<ConversationOptions['examples']>;

interface ExamplesEditorProps {
  label: string;
  value: unknown;
  onChange: (value: Examples) => void;
}

const EMPTY = { input: { content: '' }, output: { content: '' } };

/**
 * Example input/output pairs for Google chat-type models (docs/reference/endpoints-and-models.md (Google model types)).
 * Pairs left with an empty side are kept while editing and ignored by the server when sending.
 */
export function ExamplesEditor({ label, value, onChange }: ExamplesEditorProps) {
  const { t } = useTranslation();
  const examples: Examples = Array.isArray(value) && value.length > 0 ? (value as Examples) : [EMPTY];

  const update = (index: number, side: 'input' | 'output', content: string) =>
    onChange(examples.map((ex, i) => (i === index ? { ...ex, [side]: { content } } : ex)));
  const remove = (index: number) => onChange(examples.filter((_, i) => i !== index));

  return (
    <fieldset className="flex flex-col gap-2" data-testid="setting-examples">
      <legend className={`${fieldLabel} mb-2`}>{label}</legend>
      {examples.map((example, index) => (
        <div
          key={index}
          className="relative flex flex-col gap-1.5 rounded-lg border border-zinc-200 p-2 dark:border-zinc-700"
        >
          <div className="flex items-center justify-between">
            <span className={fieldHint}>{t('com_endpoint_example_n', { n: index + 1 })}</span>
            {examples.length > 1 && (
              <button
                type="button"
                aria-label={t('com_endpoint_example_remove', { n: index + 1 })}
                onClick={() => remove(index)}
                className="inline-flex size-6 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            )}
          </div>
          <textarea
            rows={2}
            aria-label={`${t('com_endpoint_example_input')} ${index + 1}`}
            placeholder={t('com_endpoint_example_input')}
            value={example.input.content}
            onChange={(e) => update(index, 'input', e.target.value)}
            className={`${textControl} resize-y`}
          />
          <textarea
            rows={2}
            aria-label={`${t('com_endpoint_example_output')} ${index + 1}`}
            placeholder={t('com_endpoint_example_output')}
            value={example.output.content}
            onChange={(e) => update(index, 'output', e.target.value)}
            className={`${textControl} resize-y`}
          />
        </div>
      ))}
      <button
        type="button"
        onClick={() => onChange([...examples, structuredClone(EMPTY)])}
        className="inline-flex h-8 items-center justify-center gap-1.5 rounded-lg border border-dashed border-zinc-300 text-sm text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('com_endpoint_example_add')}
      </button>
    </fieldset>
  );
}
