import type { PublicUser } from '@parley/shared';
import { lazyMenu } from '../../../components/ui/lazy-menu';
import { UserMenuButton } from './user-menu-button';

/** The user menu, its code fetched when the pointer or the focus reaches its button (docs/performance.md). */
export const LazyUserMenu = lazyMenu<{ user: PublicUser }>(
  async () => (await import('./user-menu')).UserMenu,
  ({ user, trigger }) => <UserMenuButton user={user} {...trigger} />,
);
