import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brush, Image, PenTool, type LucideIcon } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useAuthStore } from '../../auth/auth.store';
import { useStartupConfig } from '../../config/config.api';
import { DRAW_EXAMPLES, type DrawExampleId } from '../home-content';
import { PromptCard } from './prompt-card';
import { useStartChat } from './use-start-chat';

// Literal keys, so the locale test sees each one.
const DRAW: Record<DrawExampleId, { icon: LucideIcon; title: string; prompt: string }> = {
  scene: { icon: Image, title: 'com_home_draw_scene_title', prompt: 'com_home_draw_scene_prompt' },
  poster: { icon: Brush, title: 'com_home_draw_poster_title', prompt: 'com_home_draw_poster_prompt' },
  logo: { icon: PenTool, title: 'com_home_draw_logo_title', prompt: 'com_home_draw_logo_prompt' },
};

/**
 * The Draw tab: how to have a picture drawn and three drawing prompts; signed out, where to sign in or create an
 * account first (the tab that showed the registration page, made to say why).
 */
export function DrawTab() {
  const { t } = useTranslation();
  const start = useStartChat();
  const signedOut = useAuthStore((s) => s.status) === 'unauthenticated';
  const { config } = useStartupConfig();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          {t('com_home_draw_title')}
        </h1>
        <p className="text-zinc-600 dark:text-zinc-300">{t('com_home_draw_body')}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_home_draw_how')}</p>
      </header>
      {signedOut && (
        <div className="flex flex-col gap-3 rounded-xl border border-teal-200 bg-teal-50 px-4 py-3 sm:flex-row sm:items-center dark:border-teal-900 dark:bg-teal-950/40">
          <p className="flex-1 text-sm text-teal-900 dark:text-teal-100">{t('com_home_signed_out')}</p>
          <div className="flex gap-2">
            <Link to="/login" className={buttonClass('secondary')}>
              {t('com_auth_login')}
            </Link>
            {config.registrationEnabled && (
              <Link to="/register" className={buttonClass('primary')}>
                {t('com_auth_sign_up')}
              </Link>
            )}
          </div>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-3">
        {DRAW_EXAMPLES.map((id) => {
          const { icon, title, prompt } = DRAW[id];
          return (
            <li key={id}>
              <PromptCard
                icon={icon}
                title={t(title)}
                hint={t(prompt)}
                onClick={() => start(t(prompt))}
                testId={`home-draw-${id}`}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
