import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  BookOpen,
  CircleQuestionMark,
  CreditCard,
  Crown,
  Download,
  FolderOpen,
  Gift,
  Keyboard,
  LogOut,
  Settings,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '@parley/shared';
import type { LazyPopupProps } from '../../../components/ui/lazy-popup';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useLogoutMutation } from '../../auth/auth.api';
import { useShortcutsDialogStore } from '../../keyboard/use-shortcuts';
import { useMyFilesStore } from '../../my-files/my-files.store';
import { useSettingsDialogStore } from '../../settings/settings-dialog.store';
import { NARROW_QUERY, useNavStore } from '../nav.store';
import { UserMenuButton } from './user-menu-button';
import { BalanceLine } from '../../balance/components/balance-line';
import { sendClick } from '../../commerce/click';
import { useCommerceDialogs, type CommerceDialog } from '../../commerce/commerce-dialogs.store';
import { useStartupConfig } from '../../config/config.api';
import { NEW_CONVERSATION, SEARCH_CONVERSATION } from '../../chat/chat.api';
import { useConversationStore } from '../../chat/conversation.store';
import { useExportDialogStore } from '../../export/export-dialog.store';

const itemClass =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-start text-sm text-zinc-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-zinc-100 dark:text-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/**
 * The user menu at the bottom of the sidebar: the VIP mirror, the balance line, Recharge, Invite cash-back, the
 * usage help, Export conversation, Help & FAQ, My Files, Keyboard shortcuts, Settings and Log out; see
 * docs/reference/settings-and-ui.md (User menu) and docs/reference/commerce.md (The web's commerce screens).
 * Each choice sends a click record. Loaded when the user goes for it (`user-menu-lazy.tsx`).
 */
export function UserMenu({ user, defaultOpen }: { user: PublicUser } & LazyPopupProps) {
  const { t } = useTranslation();
  const logout = useLogoutMutation();
  const showSettings = useSettingsDialogStore((s) => s.show);
  const showMyFiles = useMyFilesStore((s) => s.showDialog);
  const narrow = useMediaQuery(NARROW_QUERY);
  const setNavVisible = useNavStore((s) => s.setVisible);
  // The dialogs take focus themselves; the menu must not pull it back to its button on closing.
  const openingDialog = useRef(false);
  // On a phone the drawer closes as a dialog opens from it, so none is left behind the dialog
  // (docs/decisions.md (A dialog opened from the drawer closes the drawer)).
  const closeDrawer = () => narrow && setNavVisible(false);
  const { config } = useStartupConfig();
  const showCommerce = useCommerceDialogs((s) => s.show);
  const conversationId = useConversationStore((s) => s.conversationId);
  // Nothing to export in an empty new chat or in search results; the item stays in its place, disabled, and says
  // why (docs/reference/conversations.md (Exporting a conversation)).
  const exportBlocked =
    conversationId === NEW_CONVERSATION
      ? t('com_nav_export_unavailable_new')
      : conversationId === SEARCH_CONVERSATION
        ? t('com_nav_export_unavailable_search')
        : null;
  // A dialog opened from the menu: its click recorded, the menu's focus return skipped, the drawer closed.
  const openDialog = (click: string, show: () => void) => () => {
    sendClick({ c: click });
    openingDialog.current = true;
    closeDrawer();
    show();
  };
  const openCommerce = (dialog: CommerceDialog) => openDialog(dialog, () => showCommerce(dialog));

  return (
    // Not modal: a modal menu closing while the dialog opens can leave the page unclickable.
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserMenuButton user={user} />
      </Menu.Trigger>
      {/* No portal: the open menu stays inside the sidebar's landmark (axe's region rule); Radix positions it. */}
      <Menu.Content
        side="top"
        align="start"
        sideOffset={8}
        aria-label={user.name}
        onCloseAutoFocus={(e) => {
          if (!openingDialog.current) return;
          openingDialog.current = false;
          e.preventDefault();
        }}
        className="z-50 flex w-[var(--radix-dropdown-menu-trigger-width)] min-w-56 flex-col gap-0.5 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {user.email && (
          <p className="truncate px-2.5 pt-1 pb-2 text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
        )}
        {config.vipMirrorUrl && (
          <Menu.Item asChild className={itemClass} onSelect={() => sendClick({ c: 'vip_mirror' })}>
            <a href={config.vipMirrorUrl} target="_blank" rel="noopener noreferrer" data-testid="vip-mirror">
              <Crown className="size-4 text-amber-500" aria-hidden="true" />
              {t('com_nav_vip_mirror')}
            </a>
          </Menu.Item>
        )}
        <BalanceLine className={itemClass} onSelect={openCommerce('balance')} />
        {/* Only where something is for sale: without a payment provider Recharge would lead nowhere. */}
        {config.shopEnabled && (
          <Menu.Item className={itemClass} data-testid="open-recharge" onSelect={openCommerce('recharge')}>
            <CreditCard className="size-4" aria-hidden="true" />
            {t('com_nav_recharge')}
          </Menu.Item>
        )}
        <Menu.Item className={itemClass} data-testid="open-invite" onSelect={openCommerce('invite')}>
          <Gift className="size-4" aria-hidden="true" />
          {t('com_nav_invite')}
        </Menu.Item>
        {config.usageHelpUrl && (
          <Menu.Item asChild className={itemClass} onSelect={() => sendClick({ c: 'usage_help' })}>
            <a href={config.usageHelpUrl} target="_blank" rel="noopener noreferrer" data-testid="usage-help">
              <BookOpen className="size-4" aria-hidden="true" />
              {t('com_nav_usage_help')}
            </a>
          </Menu.Item>
        )}
        <Menu.Item
          className={itemClass}
          data-testid="open-export"
          disabled={exportBlocked !== null}
          title={exportBlocked ?? undefined}
          onSelect={openDialog('export', () => useExportDialogStore.getState().setOpen(true))}
        >
          <Download className="size-4 shrink-0 self-start mt-0.5" aria-hidden="true" />
          <span className="flex min-w-0 flex-col">
            {t('com_nav_export_conversation')}
            {exportBlocked && (
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{exportBlocked}</span>
            )}
          </span>
        </Menu.Item>
        <Menu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
        <Menu.Item
          asChild
          className={itemClass}
          onSelect={() => {
            sendClick({ c: 'help' });
            closeDrawer();
          }}
        >
          <Link to="/help" data-testid="help-faq">
            <CircleQuestionMark className="size-4" aria-hidden="true" />
            {t('com_nav_help_faq')}
          </Link>
        </Menu.Item>
        <Menu.Item
          className={itemClass}
          data-testid="open-my-files"
          onSelect={openDialog('my_files', showMyFiles)}
        >
          <FolderOpen className="size-4" aria-hidden="true" />
          {t('com_nav_my_files')}
        </Menu.Item>
        <Menu.Item
          className={itemClass}
          data-testid="open-shortcuts"
          onSelect={openDialog('shortcuts', () => useShortcutsDialogStore.getState().setOpen(true))}
        >
          <Keyboard className="size-4" aria-hidden="true" />
          {t('com_shortcuts_title')}
        </Menu.Item>
        <Menu.Item
          className={itemClass}
          data-testid="open-settings"
          onSelect={openDialog('settings', showSettings)}
        >
          <Settings className="size-4" aria-hidden="true" />
          {t('com_nav_settings')}
        </Menu.Item>
        <Menu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
        <Menu.Item
          data-testid="logout"
          className={itemClass}
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t('com_nav_log_out')}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
