import { ChevronDown, Plus, Puzzle, X } from 'lucide-react';
import { use, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConversationStore } from '../../chat/conversation.store';
import { pluginTexts } from '../plugin-texts';
import { toolBarOpen } from '../tool-bar-rules';
import { useToolChoice } from '../use-tool-choice';
import { useWindowWidth } from '../use-window-width';
import { PluginIcon } from './plugin-icon';
import { ToolMenu } from './tool-menu';

const pill =
  'inline-flex h-7 shrink-0 items-center rounded-full text-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600';

/**
 * The Plugins endpoint's tools at the message box (docs/reference/tools.md (In the web)): the selected tools as
 * chips, each removable, and a menu to choose them, behind a toggle that starts open on wide screens and collapsed
 * on a phone's. It edits the same `tools` as the tool picker of the conversation settings.
 */
export function ToolBar() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(pluginTexts);
  const { t } = useTranslation();
  const tools = useConversationStore((s) => s.setup.tools);
  const patchSetup = useConversationStore((s) => s.patchSetup);
  const choice = useToolChoice(tools, (next) => patchSetup({ tools: next }));
  const { chosen } = choice;
  const width = useWindowWidth();
  const [userChoice, setUserChoice] = useState<boolean | null>(null);
  const open = toolBarOpen(width, userChoice);
  const panelId = useId();
  const chooseRef = useRef<HTMLButtonElement>(null);

  const remove = (pluginKey: string) => {
    choice.toggle(pluginKey);
    // The chip and its button are gone: focus goes on to the menu's button rather than to the page.
    chooseRef.current?.focus();
  };

  return (
    <div
      role="group"
      aria-label={t('com_nav_plugin_bar')}
      data-testid="tool-bar"
      className="mb-1.5 flex min-w-0 items-start gap-1.5 px-1"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setUserChoice(!open)}
        data-testid="tool-bar-toggle"
        className={`${pill} gap-1.5 px-2 font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`}
      >
        <Puzzle aria-hidden="true" className="size-3.5 text-teal-700 dark:text-teal-300" />
        {t('com_nav_plugin_picker_label')}
        {chosen.length > 0 && (
          <>
            <span
              aria-hidden="true"
              className="inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-teal-700 px-1 text-[11px] leading-none font-semibold text-white"
            >
              {chosen.length}
            </span>
            <span className="sr-only">{t('com_nav_plugin_picker_count', { count: chosen.length })}</span>
          </>
        )}
        <ChevronDown
          aria-hidden="true"
          className={`size-3.5 text-zinc-500 transition-transform motion-reduce:transition-none dark:text-zinc-400 ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        data-testid="tool-bar-panel"
        className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5"
      >
        {chosen.length === 0 ? (
          <span className="px-1 text-xs leading-7 text-zinc-600 dark:text-zinc-300">
            {t('com_nav_plugin_picker_none')}
          </span>
        ) : (
          <ul aria-label={t('com_nav_plugin_bar_selected')} className="flex min-w-0 flex-wrap gap-1.5">
            {chosen.map((p) => (
              <li
                key={p.pluginKey}
                data-testid="tool-chip"
                data-plugin-key={p.pluginKey}
                className="inline-flex h-7 max-w-full min-w-0 items-center gap-1.5 rounded-full border border-zinc-200 bg-zinc-50 pe-0.5 ps-1 text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-100"
              >
                <PluginIcon name={p.name} icon={p.icon} sizeClass="size-5 rounded-full! p-0.5!" />
                <span className="min-w-0 truncate">{p.name}</span>
                <button
                  type="button"
                  onClick={() => remove(p.pluginKey)}
                  aria-label={t('com_nav_plugin_bar_remove', { name: p.name })}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <ToolMenu
          choice={choice}
          side="top"
          widthClass="w-64 max-w-[calc(100vw-1rem)]"
          trigger={
            <button
              ref={chooseRef}
              type="button"
              data-testid="tool-bar-choose"
              className={`${pill} gap-1 border border-dashed border-zinc-300 px-2.5 text-zinc-700 hover:border-teal-600 hover:text-teal-800 data-[state=open]:border-teal-600 dark:border-zinc-600 dark:text-zinc-200 dark:hover:border-teal-400 dark:hover:text-teal-200`}
            >
              <Plus aria-hidden="true" className="size-3.5" />
              {t('com_nav_plugin_bar_choose')}
            </button>
          }
        />
      </div>
    </div>
  );
}
