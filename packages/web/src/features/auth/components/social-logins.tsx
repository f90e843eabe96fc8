import { useTranslation } from 'react-i18next';
import type { SocialProvider, StartupConfig } from '@parley/shared';
import { buttonClass } from '../../../components/ui/button';

const NAMES: Record<Exclude<SocialProvider, 'openid'>, string> = {
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
};

function isEnabled(config: StartupConfig, provider: SocialProvider): boolean {
  const flags: Record<SocialProvider, boolean> = {
    discord: config.discordLoginEnabled,
    facebook: config.facebookLoginEnabled,
    github: config.githubLoginEnabled,
    google: config.googleLoginEnabled,
    openid: config.openidLoginEnabled,
  };
  return flags[provider];
}

/**
 * Providers shown: social login on, the provider listed in socialLogins and enabled
 * (docs/reference/accounts.md (Planned account features)).
 */
export function visibleProviders(config: StartupConfig): SocialProvider[] {
  if (!config.socialLoginEnabled) return [];
  return [...new Set(config.socialLogins)].filter((p) => isEnabled(config, p));
}

/** Social sign-in: each button is a plain browser navigation to {serverDomain}/oauth/{provider}. */
export function SocialLogins({ config }: { config: StartupConfig }) {
  const { t } = useTranslation();
  const providers = visibleProviders(config);
  if (providers.length === 0) return null;

  return (
    <div className="flex flex-col gap-2.5">
      {providers.map((provider) => {
        // The configured openid label is the whole button text ("Continue with OpenID"), as in LibreChat.
        const custom = provider === 'openid' ? config.openidLabel.trim() : '';
        const name = provider === 'openid' ? 'OpenID' : NAMES[provider];
        const label = custom || t('com_auth_social_login', { provider: name });
        const image = provider === 'openid' ? config.openidImageUrl : '';
        return (
          <a
            key={provider}
            href={`${config.serverDomain}/oauth/${provider}`}
            data-provider={provider}
            className={`${buttonClass('secondary')} w-full`}
          >
            {image ? (
              <img src={image} alt="" className="size-5 rounded-sm object-contain" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-5 items-center justify-center rounded-full bg-zinc-900 text-[11px] font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
              >
                {(custom || name).charAt(0)}
              </span>
            )}
            {label}
          </a>
        );
      })}
    </div>
  );
}
