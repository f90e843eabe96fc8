import { useTranslation } from 'react-i18next';
import type { ActionOperationRow } from '@parley/shared';

/** The "Available actions" table: each operation's function name, method and path. */
export function AvailableActions({ rows }: { rows: readonly ActionOperationRow[] }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-1.5">
      <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('com_assistants_available_actions')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_assistants_no_actions')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table data-testid="available-actions" className="w-full text-start text-xs">
            <thead className="bg-zinc-50 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-300">
              <tr>
                <th scope="col" className="px-2.5 py-1.5 font-medium">
                  {t('com_assistants_action_name')}
                </th>
                <th scope="col" className="px-2.5 py-1.5 font-medium">
                  {t('com_assistants_action_method')}
                </th>
                <th scope="col" className="px-2.5 py-1.5 font-medium">
                  {t('com_assistants_action_path')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 text-zinc-900 dark:divide-zinc-800 dark:text-zinc-100">
              {rows.map((row) => (
                <tr key={`${row.method} ${row.path} ${row.name}`}>
                  <td className="max-w-40 truncate px-2.5 py-1.5 font-mono" title={row.name}>
                    {row.name}
                  </td>
                  <td className="px-2.5 py-1.5 font-mono uppercase">{row.method}</td>
                  <td className="max-w-40 truncate px-2.5 py-1.5 font-mono" title={row.path}>
                    {row.path}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
