import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FlaskConical, KeyRound, PlugZap } from 'lucide-react';
import { CodeSnippet } from './components/code-snippet';
import {
  CUSTOM_ENDPOINT_SNIPPET,
  DEMO_SNIPPET,
  PROVIDER_SETTINGS,
  USER_PROVIDED_SNIPPET,
} from './provider-settings';

const inlineCode =
  'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';

/**
 * Shown on the chat screen when the server offers no endpoint at all (`GET /api/endpoints` answers `{}`):
 * a fresh install with no provider key. It says which server setting turns on which endpoint, how users can
 * bring their own keys, and how to try Parley offline, instead of a chat box that cannot send anything.
 */
export function NoEndpointNotice() {
  const { t } = useTranslation();
  const code = <code className={inlineCode} />;

  return (
    <section
      data-testid="no-endpoint-notice"
      aria-labelledby="no-endpoint-title"
      className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-12"
    >
      <div className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <header className="flex gap-4 p-5 sm:p-6">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950/60 dark:text-teal-300">
            <PlugZap className="size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <h2 id="no-endpoint-title" className="text-lg font-semibold tracking-tight">
              {t('com_onboarding_title')}
            </h2>
            <p className="text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
              {t('com_onboarding_intro')}
            </p>
          </div>
        </header>

        <div className="flex flex-col gap-4 border-t border-zinc-200 p-5 sm:p-6 dark:border-zinc-800">
          <h3 className="text-sm font-semibold">{t('com_onboarding_providers')}</h3>
          <dl className="flex flex-col gap-3">
            {PROVIDER_SETTINGS.map((provider) => (
              <SettingRow key={provider.name} name={provider.name}>
                <CodeSnippet code={provider.snippet} label={provider.name} />
              </SettingRow>
            ))}
            <SettingRow name={t('com_onboarding_custom_name')} startsWithText>
              <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
                <Trans i18nKey="com_onboarding_custom_body" components={{ code }} />
              </p>
              <CodeSnippet code={CUSTOM_ENDPOINT_SNIPPET} label={t('com_onboarding_custom_name')} />
            </SettingRow>
          </dl>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_onboarding_restart')}</p>
        </div>

        <div className="grid gap-px border-t border-zinc-200 bg-zinc-200 sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-800">
          <Tip
            icon={<KeyRound className="size-4" aria-hidden="true" />}
            title={t('com_onboarding_byok_title')}
          >
            <p>
              <Trans i18nKey="com_onboarding_byok_body" components={{ code }} />
            </p>
            <CodeSnippet code={USER_PROVIDED_SNIPPET} label={t('com_onboarding_byok_title')} />
          </Tip>
          <Tip
            icon={<FlaskConical className="size-4" aria-hidden="true" />}
            title={t('com_onboarding_demo_title')}
          >
            <p>
              <Trans i18nKey="com_onboarding_demo_body" components={{ code }} />
            </p>
            <CodeSnippet code={DEMO_SNIPPET} label={t('com_onboarding_demo_title')} />
          </Tip>
        </div>
      </div>
    </section>
  );
}

interface SettingRowProps {
  name: string;
  /** The value opens with a line of text rather than a code block, so the name need not drop to meet it. */
  startsWithText?: boolean;
  children: ReactNode;
}

function SettingRow({ name, startsWithText = false, children }: SettingRowProps) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt
        className={`text-sm font-medium text-zinc-800 dark:text-zinc-200 ${startsWithText ? '' : 'sm:pt-2.5'}`}
      >
        {name}
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function Tip({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2.5 bg-white p-5 text-sm leading-relaxed text-zinc-600 sm:p-6 dark:bg-zinc-900 dark:text-zinc-400">
      <h3 className="flex items-center gap-2 font-semibold text-zinc-900 dark:text-zinc-100">
        <span className="text-teal-700 dark:text-teal-400">{icon}</span>
        {title}
      </h3>
      {children}
    </div>
  );
}
