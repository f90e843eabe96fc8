import { useTranslation } from 'react-i18next';
import { Cake, Code, FileText, ListChecks, ScanEye, type LucideIcon } from 'lucide-react';
import { Logo } from '../../../components/ui/logo';
import { AssistantLanding } from '../../assistants/components/assistant-landing';
import { useStartupConfig } from '../../config/config.api';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { useEndpointsQuery, useModelsQuery } from '../../endpoints/endpoints.api';
import { useSelectEndpoint } from '../../endpoints/hooks/use-select-endpoint';
import { useFileConfig } from '../../files/files.api';
import { useChatInputStore } from '../chat-input.store';
import { useConversationStore } from '../conversation.store';
import { cardTarget, LANDING_CARDS, type LandingCard } from '../landing-cards';

// Literal keys, so the locale test sees each one.
const CARD_TEXT: Record<
  LandingCard['id'],
  { icon: LucideIcon; title: string; hint: string; prompt: string }
> = {
  plan: {
    icon: ListChecks,
    title: 'com_ui_chat_example_plan_title',
    hint: 'com_ui_chat_example_plan_hint',
    prompt: 'com_ui_chat_example_plan_prompt',
  },
  code: {
    icon: Code,
    title: 'com_ui_chat_example_code_title',
    hint: 'com_ui_chat_example_code_hint',
    prompt: 'com_ui_chat_example_code_prompt',
  },
  image: {
    icon: ScanEye,
    title: 'com_ui_chat_example_image_title',
    hint: 'com_ui_chat_example_image_hint',
    prompt: 'com_ui_chat_example_image_prompt',
  },
  summary: {
    icon: FileText,
    title: 'com_ui_chat_example_summary_title',
    hint: 'com_ui_chat_example_summary_hint',
    prompt: 'com_ui_chat_example_summary_prompt',
  },
};

/**
 * The new-chat landing (docs/reference/settings-and-ui.md (The chat screen)): who answers (an assistant's picture, name
 * and description when the chat has one), a greeting, the example
 * cards some configured model can do (each switches to such a model when the current one can't, fills the box with
 * a starting prompt and focuses it), a hint.
 */
export function ChatLanding() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const setup = useConversationStore((s) => s.setup);
  const fill = useChatInputStore((s) => s.fill);
  const select = useSelectEndpoint();
  const endpoints = useEndpointsQuery();
  const models = useModelsQuery();
  const ctx = { current: setup, config: endpoints.data, models: models.data, fileConfig: useFileConfig() };
  // Once the endpoints and models are known (a failed fetch leaves the cards any model can do), so cards do not
  // pop in one by one.
  const known = !endpoints.isPending && !models.isPending;
  const cards = LANDING_CARDS.flatMap((card) => {
    const target = known ? cardTarget(card.needs, ctx) : null;
    return target ? [{ ...CARD_TEXT[card.id], id: card.id, target }] : [];
  });
  // Where a card leads, when it switches: the model, and the endpoint when that changes too.
  const switchLabel = (target: { endpoint: string; model: string }) =>
    target.endpoint === setup.endpoint
      ? target.model
      : `${endpointLabel(target.endpoint, t)} · ${target.model}`;
  const appTitle = config.appTitle.trim() || t('com_ui_chat_app_title_fallback');
  const assistant = setup.model || (setup.endpoint ? endpointLabel(setup.endpoint, t) : '');
  const cake = config.showBirthdayIcon && (
    <Cake aria-hidden="true" className="absolute -top-3 -end-3 size-6 rotate-12 text-pink-500" />
  );
  const header = (
    <>
      <div className="relative">
        <Logo className="size-12" />
        {cake}
      </div>
      <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">
        {assistant ? t('com_ui_chat_landing_assistant', { appTitle, assistant }) : appTitle}
      </p>
    </>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <section className="m-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-8 sm:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          {setup.endpoint === 'assistants' && setup.assistant_id ? (
            <AssistantLanding assistantId={setup.assistant_id} badge={cake} fallback={header} />
          ) : (
            header
          )}
          <h1
            data-testid="chat-heading"
            className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50"
          >
            {t('com_ui_greeting')}
          </h1>
        </div>
        {cards.length > 0 && (
          <ul className="grid w-full grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3">
            {cards.map(({ id, icon: Icon, title, hint, prompt, target }) => (
              <li key={id} data-card={id}>
                <button
                  type="button"
                  onClick={() => {
                    if (target !== 'current') select(target.endpoint, target.model);
                    fill(t(prompt));
                  }}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-start transition hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/70"
                >
                  <Icon
                    className="mt-0.5 size-4 shrink-0 text-teal-700 dark:text-teal-400"
                    aria-hidden="true"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(title)}</span>
                    <span className="text-sm text-zinc-500 dark:text-zinc-400">{t(hint)}</span>
                    {target !== 'current' && (
                      <span className="mt-1 truncate text-xs text-teal-700 dark:text-teal-400">
                        {t('com_ui_chat_example_switches', { model: switchLabel(target) })}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
          {t('com_ui_chat_landing_hint')}
        </p>
      </section>
    </div>
  );
}
