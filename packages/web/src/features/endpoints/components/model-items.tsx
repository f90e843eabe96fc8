import * as Menu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { useModelClass } from '../../balance/use-model-class';
import { menuItem } from './menu-styles';

interface ModelItemsProps {
  models: string[];
  /** The checked model, when this endpoint is the current one. */
  selected: string | null;
  onSelect: (model: string) => void;
  /** Extra classes (the phone layout indents them under their endpoint). */
  className?: string;
}

/** An endpoint's models as menu radio items, the current one checked, those of the gpt-4 class marked. */
export function ModelItems({ models, selected, onSelect, className = '' }: ModelItemsProps) {
  const { t } = useTranslation();
  const classOf = useModelClass();
  const hintId = useId();
  if (models.length === 0) {
    return <p className="px-2.5 py-2 text-zinc-500 dark:text-zinc-400">{t('com_endpoint_no_models')}</p>;
  }
  return (
    <Menu.RadioGroup value={selected ?? ''}>
      {/* The mark's words for screen readers, as the item's description: its name stays the model's. */}
      <span id={hintId} hidden>
        {t('com_endpoint_gpt4_class_hint')}
      </span>
      {models.map((m) => (
        <Menu.RadioItem
          key={m}
          value={m}
          onSelect={() => onSelect(m)}
          aria-describedby={classOf(m) === 'gpt-4' ? hintId : undefined}
          className={`${menuItem} relative pe-8 ${className}`}
        >
          <span className="min-w-0 flex-1 truncate">{m}</span>
          {classOf(m) === 'gpt-4' && (
            // Which models spend the GPT-4 free uses (docs/reference/balance.md (Model classes)).
            <span
              data-testid="model-gpt4-mark"
              aria-hidden="true"
              title={t('com_endpoint_gpt4_class_hint')}
              className="shrink-0 rounded border border-amber-300 bg-amber-50 px-1 text-[0.6875rem] leading-4 font-medium text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
            >
              {t('com_endpoint_gpt4_class')}
            </span>
          )}
          <Menu.ItemIndicator className="absolute end-2.5">
            <Check aria-hidden="true" className="size-4 text-teal-600" />
          </Menu.ItemIndicator>
        </Menu.RadioItem>
      ))}
    </Menu.RadioGroup>
  );
}
