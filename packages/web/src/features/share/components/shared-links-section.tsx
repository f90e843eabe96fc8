import { use } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SharedLink } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-error';
import { ConfirmButton } from '../../settings/components/confirm-button';
import { showToast } from '../../toast/toast.store';
import { shareTexts } from '../share-texts';
import { useDeleteShare, useSharedLinks } from '../share.api';
import { shareUrl } from '../share-url';

/**
 * Settings → Data → Shared links (docs/reference/sharing.md (In the web)): the user's links, newest first, each
 * opening its page and revoked in two clicks; more with Show more.
 */
export function SharedLinksSection() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(shareTexts);
  const { t } = useTranslation();
  const links = useSharedLinks();
  const all = links.data?.pages.flatMap((page) => page.links) ?? [];
  return (
    <section aria-labelledby="shared-links-heading" className="py-3" data-testid="shared-links">
      <h3 id="shared-links-heading" className="text-sm text-zinc-800 dark:text-zinc-100">
        {t('com_share_links_title')}
      </h3>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t('com_share_links_hint')}</p>
      {links.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {errorText(links.error)}
        </p>
      )}
      {links.isSuccess && all.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{t('com_share_links_empty')}</p>
      )}
      {all.length > 0 && (
        <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
          {all.map((link) => (
            <SharedLinkRow key={link.shareId} link={link} />
          ))}
        </ul>
      )}
      {links.hasNextPage && (
        <Button
          variant="ghost"
          className="mt-1 h-9"
          disabled={links.isFetchingNextPage}
          onClick={() => void links.fetchNextPage()}
        >
          {t('com_share_links_more')}
        </Button>
      )}
    </section>
  );
}

function SharedLinkRow({ link }: { link: SharedLink }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteShare();
  const date = new Date(link.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="flex items-center gap-3 py-2" data-testid="shared-link" data-share-id={link.shareId}>
      <div className="min-w-0 flex-1">
        <a
          href={shareUrl(link.shareId)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-300"
        >
          <span className="truncate">{link.title}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t('com_share_opens_new_tab')}</span>
        </a>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_share_links_created', { date })}</p>
      </div>
      <ConfirmButton
        testId="shared-link-revoke"
        label={t('com_share_revoke')}
        confirmLabel={t('com_share_revoke_confirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { shareId: link.shareId, conversationId: link.conversationId },
            {
              onSuccess: () => showToast({ message: t('com_share_deleted'), severity: 'success' }),
              onError: (error) => showToast({ message: errorText(error), severity: 'error' }),
            },
          )
        }
      />
    </li>
  );
}
