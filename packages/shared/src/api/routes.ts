import type { ApiRoute, RouteSpec } from './api-route';
import { methodOf, pathOf, type RouteMethod, type RouteName, type RoutePath } from './route-paths';
import { ACCOUNT_ROUTES } from './routes.account';
import { APP_ROUTES } from './routes.app';
import { AUTH_ROUTES } from './routes.auth';
import { CHAT_ROUTES } from './routes.chat';
import { COMMERCE_ROUTES } from './routes.commerce';
import { PLUGIN_ROUTES } from './routes.plugins';
import { ASSISTANT_ROUTES } from './routes.assistants';
import { SHARE_ROUTES } from './routes.share';
import { PROMPT_LIBRARY_ROUTES } from './routes.prompt-library';
import { IMPORT_ROUTES } from './routes.import';
import { SPEECH_ROUTES } from './routes.speech';

// The contract of every call, kept by group (routes.<group>.ts); `satisfies` fails the build when a route named in
// route-paths.ts has no entry.
const SPECS = {
  ...APP_ROUTES,
  ...AUTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CHAT_ROUTES,
  ...COMMERCE_ROUTES,
  ...PLUGIN_ROUTES,
  ...ASSISTANT_ROUTES,
  ...SHARE_ROUTES,
  ...PROMPT_LIBRARY_ROUTES,
  ...IMPORT_ROUTES,
  ...SPEECH_ROUTES,
} satisfies Record<RouteName, RouteSpec>;

type Specs = typeof SPECS;

/** Every call of the API: method, path and contract. The server registers its routes from this table. */
export type Routes = {
  [N in RouteName]: Specs[N] & { method: RouteMethod<N>; path: RoutePath<N> };
};

export const ROUTES = Object.fromEntries(
  Object.entries(SPECS).map(([name, spec]) => {
    const method = methodOf(name as RouteName);
    const path = pathOf(name as RouteName);
    return [name, { ...spec, method, path } satisfies ApiRoute];
  }),
) as Routes;
