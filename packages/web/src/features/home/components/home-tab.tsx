import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bot,
  Briefcase,
  Code,
  Globe,
  GraduationCap,
  Languages,
  Layers,
  MessageCircle,
  Palette,
  PenLine,
  ScanEye,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import {
  HOME_EXAMPLES,
  PROMPT_CATEGORIES,
  promptLibraryHref,
  type HomeExampleId,
  type PromptCategory,
} from '../home-content';
import { PromptCard } from './prompt-card';
import { useStartChat } from './use-start-chat';

// Literal keys, so the locale test sees each one.
const EXAMPLES: Record<HomeExampleId, { icon: LucideIcon; title: string; hint: string; prompt: string }> = {
  chat: {
    icon: MessageCircle,
    title: 'com_home_example_chat_title',
    hint: 'com_home_example_chat_hint',
    prompt: 'com_home_example_chat_prompt',
  },
  draw: {
    icon: Palette,
    title: 'com_home_example_draw_title',
    hint: 'com_home_example_draw_hint',
    prompt: 'com_home_example_draw_prompt',
  },
  vision: {
    icon: ScanEye,
    title: 'com_home_example_vision_title',
    hint: 'com_home_example_vision_hint',
    prompt: 'com_home_example_vision_prompt',
  },
  web: {
    icon: Globe,
    title: 'com_home_example_web_title',
    hint: 'com_home_example_web_hint',
    prompt: 'com_home_example_web_prompt',
  },
};

const CATEGORIES: Record<PromptCategory, { icon: LucideIcon; name: string; hint: string }> = {
  writing: { icon: PenLine, name: 'com_home_category_writing', hint: 'com_home_category_writing_hint' },
  translation: {
    icon: Languages,
    name: 'com_home_category_translation',
    hint: 'com_home_category_translation_hint',
  },
  coding: { icon: Code, name: 'com_home_category_coding', hint: 'com_home_category_coding_hint' },
  study: { icon: GraduationCap, name: 'com_home_category_study', hint: 'com_home_category_study_hint' },
  work: { icon: Briefcase, name: 'com_home_category_work', hint: 'com_home_category_work_hint' },
  agents: { icon: Bot, name: 'com_home_category_agents', hint: 'com_home_category_agents_hint' },
};

const INTRO: ReadonlyArray<{ icon: LucideIcon; title: string; body: string }> = [
  { icon: Layers, title: 'com_home_intro_models_title', body: 'com_home_intro_models' },
  { icon: Sparkles, title: 'com_home_intro_tools_title', body: 'com_home_intro_tools' },
  { icon: Languages, title: 'com_home_intro_languages_title', body: 'com_home_intro_languages' },
];

const HEADER_LINK =
  'rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-sm text-zinc-700 transition hover:border-zinc-300 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-600 dark:hover:text-zinc-50';
const H2 = 'scroll-mt-4 text-lg font-semibold text-zinc-900 dark:text-zinc-50';

/** The Home tab: the landing header, what the app does, the four example prompts, the prompt library's categories. */
export function HomeTabContent({ appTitle }: { appTitle: string }) {
  const { t } = useTranslation();
  const start = useStartChat();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-6 sm:px-8 sm:py-8">
      <nav aria-label={t('com_home_sections_label')} className="flex flex-wrap gap-2">
        <a href="#intro" className={HEADER_LINK}>
          {t('com_home_nav_intro')}
        </a>
        <a href="#examples" className={HEADER_LINK}>
          {t('com_home_nav_examples')}
        </a>
        <a href="#tools" className={HEADER_LINK}>
          {t('com_home_nav_tools')}
        </a>
      </nav>

      <header className="flex flex-col items-center gap-3 text-center">
        <Logo className="size-14" />
        <h1
          data-testid="home-heading"
          className="text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50"
        >
          {appTitle}
        </h1>
        <p className="text-lg text-zinc-600 dark:text-zinc-300">{t('com_home_tagline')}</p>
        <p className="max-w-xl text-sm text-zinc-600 dark:text-zinc-400">{t('com_home_lead')}</p>
        <Link to="/c/new" className={`mt-2 ${buttonClass('primary')}`}>
          {t('com_home_new_chat')}
        </Link>
      </header>

      <section aria-labelledby="intro" className="flex flex-col gap-4">
        <h2 id="intro" className={H2}>
          {t('com_home_intro_title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {INTRO.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="flex flex-col gap-1.5 rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <Icon className="size-5 text-teal-700 dark:text-teal-400" aria-hidden="true" />
              <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(title)}</h3>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(body)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="examples" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="examples" className={H2}>
            {t('com_home_examples_title')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_home_examples_hint')}</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {HOME_EXAMPLES.map((id) => {
            const { icon, title, hint, prompt } = EXAMPLES[id];
            return (
              <li key={id}>
                <PromptCard
                  icon={icon}
                  title={t(title)}
                  hint={t(hint)}
                  onClick={() => start(t(prompt))}
                  testId={`home-example-${id}`}
                />
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="tools" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="tools" className={H2}>
            {t('com_home_tools_title')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_home_tools_hint')}</p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {PROMPT_CATEGORIES.map((tag) => {
            const { icon: Icon, name, hint } = CATEGORIES[tag];
            return (
              <li key={tag}>
                <Link
                  to={promptLibraryHref(tag)}
                  data-category={tag}
                  className="flex h-full flex-col gap-1.5 rounded-xl border border-zinc-200 bg-white px-4 py-3 transition hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/70"
                >
                  <Icon className="size-5 text-teal-700 dark:text-teal-400" aria-hidden="true" />
                  <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(name)}</span>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{t(hint)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
