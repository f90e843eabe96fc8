import { useTranslation } from 'react-i18next';
import { Cake, Globe, ImageIcon, MessageSquareText, ScanEye, type LucideIcon } from 'lucide-react';
import { Logo } from '../../../components/ui/logo';
import { useStartupConfig } from '../../config/config.api';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { useChatInputStore } from '../chat-input.store';
import { useConversationStore } from '../conversation.store';

interface Example {
  icon: LucideIcon;
  title: string;
  hint: string;
  /** The longer instruction the box is filled with (it names the suggested model). */
  prompt: string;
}

const EXAMPLES: Example[] = [
  {
    icon: MessageSquareText,
    title: 'com_ui_chat_example_chat_title',
    hint: 'com_ui_chat_example_chat_hint',
    prompt: 'com_ui_chat_example_chat_prompt',
  },
  {
    icon: ImageIcon,
    title: 'com_ui_chat_example_draw_title',
    hint: 'com_ui_chat_example_draw_hint',
    prompt: 'com_ui_chat_example_draw_prompt',
  },
  {
    icon: ScanEye,
    title: 'com_ui_chat_example_vision_title',
    hint: 'com_ui_chat_example_vision_hint',
    prompt: 'com_ui_chat_example_vision_prompt',
  },
  {
    icon: Globe,
    title: 'com_ui_chat_example_web_title',
    hint: 'com_ui_chat_example_web_hint',
    prompt: 'com_ui_chat_example_web_prompt',
  },
];

/**
 * The new-chat landing (docs/reference/settings-and-ui.md (The chat screen)): who answers, a greeting, four example
 * prompts, a hint.
 */
export function ChatLanding() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const setup = useConversationStore((s) => s.setup);
  const fill = useChatInputStore((s) => s.fill);
  const appTitle = config.appTitle.trim() || t('com_ui_chat_app_title_fallback');
  const assistant = setup.model || (setup.endpoint ? endpointLabel(setup.endpoint, t) : '');

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <section className="m-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-8 sm:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <div className="relative">
            <Logo className="size-12" />
            {config.showBirthdayIcon && (
              <Cake aria-hidden="true" className="absolute -top-3 -right-3 size-6 rotate-12 text-pink-500" />
            )}
          </div>
          <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">
            {assistant ? t('com_ui_chat_landing_assistant', { appTitle, assistant }) : appTitle}
          </p>
          <h1
            data-testid="chat-heading"
            className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50"
          >
            {t('com_ui_greeting')}
          </h1>
        </div>
        <ul className="grid w-full grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3">
          {EXAMPLES.map(({ icon: Icon, title, hint, prompt }) => (
            <li key={title}>
              <button
                type="button"
                onClick={() => fill(t(prompt))}
                className="flex h-full w-full items-start gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-left transition hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/70"
              >
                <Icon
                  className="mt-0.5 size-4 shrink-0 text-teal-700 dark:text-teal-400"
                  aria-hidden="true"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(title)}</span>
                  <span className="text-sm text-zinc-500 dark:text-zinc-400">{t(hint)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
          {t('com_ui_chat_landing_hint')}
        </p>
      </section>
    </div>
  );
}
