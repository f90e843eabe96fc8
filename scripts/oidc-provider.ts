import { startLocalOidcProvider } from '@parley/server/oidc-testing';

// `npm run oidc`: an OpenID Connect provider on this machine, to try Parley's social sign-in offline. It approves
// every sign-in at once for one user (OIDC_USER_NAME, OIDC_USER_EMAIL), and prints the settings that point Parley at
// it. See README.md, "Social sign-in, offline".

const env = process.env;
const port = Number(env.OIDC_PORT?.trim() || 9400);
const provider = await startLocalOidcProvider({ hostname: 'localhost', port });
provider.user = {
  sub: 'local-user-1',
  name: env.OIDC_USER_NAME?.trim() || 'Local Tester',
  email: env.OIDC_USER_EMAIL?.trim() || 'tester@example.com',
  email_verified: true,
};

const settings = { ...provider.env, ALLOW_SOCIAL_REGISTRATION: 'true' };
process.stdout.write(
  [
    `OpenID Connect provider at ${provider.issuer}, signing in as ${provider.user.name} <${provider.user.email}>.`,
    'Start Parley with:',
    '',
    ...Object.entries(settings).map(([name, value]) => `  ${name}=${value}`),
    '',
    'Ctrl+C stops it.',
    '',
  ].join('\n'),
);

const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
