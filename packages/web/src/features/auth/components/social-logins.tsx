import { useTranslation } from 'react-i18next';
import { DEFAULT_OPENID_LABEL, type SocialProvider, type StartupConfig } from '@parley/shared';
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
 * (docs/reference/accounts.md (Social sign-in)).
 */
export function visibleProviders(config: StartupConfig): SocialProvider[] {
  if (!config.socialLoginEnabled) return [];
  return [...new Set(config.socialLogins)].filter((p) => isEnabled(config, p));
}

/** Where a button goes: the server's `/oauth/{provider}`, with the invite code when the visitor came with one. */
export function socialLoginHref(
  config: StartupConfig,
  provider: SocialProvider,
  inviteCode?: string,
): string {
  const query = inviteCode ? `?inviteCode=${encodeURIComponent(inviteCode)}` : '';
  return `${config.serverDomain}/oauth/${provider}${query}`;
}

/**
 * Social sign-in: each button is a plain browser navigation to {serverDomain}/oauth/{provider}; the server sends the
 * browser to the provider and back to /c/new signed in, or to /login with an error.
 */
export function SocialLogins({ config, inviteCode }: { config: StartupConfig; inviteCode?: string }) {
  const { t } = useTranslation();
  const providers = visibleProviders(config);
  if (providers.length === 0) return null;

  return (
    <div className="flex flex-col gap-2.5">
      {providers.map((provider) => {
        // A label the operator wrote is the whole button text, as in LibreChat; the default one is translated.
        const configured = config.openidLabel.trim();
        const custom = provider === 'openid' && configured !== DEFAULT_OPENID_LABEL ? configured : '';
        const name = provider === 'openid' ? 'OpenID' : NAMES[provider];
        const label = custom || t('com_auth_social_login', { provider: name });
        const image = provider === 'openid' ? config.openidImageUrl : '';
        return (
          <a
            key={provider}
            href={socialLoginHref(config, provider, inviteCode)}
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
