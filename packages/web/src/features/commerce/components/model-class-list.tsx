import { useTranslation } from 'react-i18next';
import { modelsByClass } from '../../balance/model-classes';
import { useStartupConfig } from '../../config/config.api';
import { useModelsQuery } from '../../endpoints/endpoints.api';

/**
 * Which of this server's models spend GPT-4 free uses and which GPT-3.5 ones, by the server's own rule
 * (docs/reference/commerce.md (The web's commerce screens)): the counters are named after classes, and this says
 * what is in each.
 */
export function ModelClassList() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const models = useModelsQuery();
  if (!models.data) return null;
  const { gpt4, gpt3 } = modelsByClass(models.data, config.modelClasses);
  const groups: Array<[string, string, string[]]> = [
    ['gpt4', 'com_balance_class_gpt4', gpt4],
    ['gpt3', 'com_balance_class_gpt3', gpt3],
  ];
  return (
    <section aria-labelledby="balance-classes" className="flex flex-col gap-2">
      <h3 id="balance-classes" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {t('com_balance_classes_title')}
      </h3>
      {groups.map(([id, label, names]) => (
        <div key={id} data-testid={`balance-class-${id}`} className="text-sm leading-6">
          <p className="font-medium text-zinc-800 dark:text-zinc-200">{t(label)}</p>
          <p className="break-words text-zinc-600 dark:text-zinc-400">
            {names.length > 0 ? names.join('、') : t('com_balance_class_none')}
          </p>
        </div>
      ))}
    </section>
  );
}
