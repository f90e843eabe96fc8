import type { ComponentProps } from 'react';
import type { PublicUser } from '@parley/shared';
import { ChevronUpDownIcon } from '../../../components/ui/icons';
import { UserAvatar } from '../../settings/components/user-avatar';

/** The user menu's button at the bottom of the sidebar: picture, name and a chevron. */
export function UserMenuButton({ user, ...props }: { user: PublicUser } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      data-testid="user-menu"
      className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-start text-sm font-medium text-zinc-900 hover:bg-zinc-200/70 focus-visible:outline-2 focus-visible:outline-teal-600 data-[state=open]:bg-zinc-200/70 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800"
      {...props}
    >
      <UserAvatar name={user.name} avatar={user.avatar} />
      <span className="min-w-0 flex-1 truncate">{user.name}</span>
      <ChevronUpDownIcon className="size-4 shrink-0 text-zinc-500" />
    </button>
  );
}
