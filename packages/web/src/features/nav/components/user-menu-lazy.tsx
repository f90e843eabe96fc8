import type { PublicUser } from '@parley/shared';
import { lazyPopup } from '../../../components/ui/lazy-popup';
import { UserMenuButton } from './user-menu-button';

/** The user menu, its code fetched when the pointer or the focus reaches its button (docs/performance.md). */
export const LazyUserMenu = lazyPopup<{ user: PublicUser }>(
  async () => (await import('./user-menu')).UserMenu,
  ({ user, trigger }) => <UserMenuButton user={user} {...trigger} />,
);
