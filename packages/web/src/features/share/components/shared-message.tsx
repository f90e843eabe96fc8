import { Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_MODEL_LABEL, type ContentPart, type Message } from '@parley/shared';
import { ModelAvatar, UserAvatar } from '../../chat/components/message-avatar';
import { messageText } from '../../chat/message-text';
import { replyBlocks } from '../../chat/reply-blocks';
import { isSignedFilePath } from '../../files/signed-path';
import { Markdown } from '../../markdown/components/markdown';
import { useSettingsStore } from '../../settings/settings.store';

type ImagePart = Extract<ContentPart, { type: 'image_file' }>['image_file'];

/**
 * One message of a shared branch, read-only (docs/reference/sharing.md (What a link shows)): who wrote it, its files
 * and its text with the chat's Markdown, and no actions. Nothing here calls the API: the reader may be signed out.
 */
export function SharedMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const user = message.isCreatedByUser;
  const name = user ? t('com_share_user') : message.sender || FALLBACK_MODEL_LABEL;
  return (
    <article
      aria-label={name}
      data-message-id={message.messageId}
      className="mx-auto w-full max-w-3xl px-4 py-2.5 sm:px-6"
    >
      {user ? (
        <div className="flex flex-col items-end gap-2">
          <Header name={name} avatar={<UserAvatar name={name} />} reverse />
          <SharedImages images={imagesOfFiles(message)} alignEnd />
          {/* As the chat shows what a user wrote: plain text, kept as typed. */}
          <div className="max-w-[85%] rounded-3xl bg-zinc-100 px-4 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-zinc-900 sm:px-5 dark:bg-zinc-800 dark:text-zinc-100">
            {messageText(message)}
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Header
            name={name}
            model={message.model && message.model !== name ? message.model : undefined}
            avatar={<ModelAvatar endpoint={message.endpoint ?? ''} />}
          />
          <div className="flex min-w-0 flex-col gap-2 sm:ps-10">
            <SharedImages images={imagesOfFiles(message)} />
            <SharedReply message={message} />
          </div>
        </div>
      )}
    </article>
  );
}

function Header(props: { name: string; model?: string | undefined; avatar: ReactNode; reverse?: boolean }) {
  return (
    <div className={`flex min-w-0 items-center gap-3 ${props.reverse ? 'flex-row-reverse' : ''}`}>
      {props.avatar}
      <span className="truncate text-sm font-semibold text-zinc-800 dark:text-zinc-200">{props.name}</span>
      {props.model && (
        <span className="truncate text-xs text-zinc-500 dark:text-zinc-400" data-testid="shared-model">
          {props.model}
        </span>
      )}
    </div>
  );
}

/** A reply: its text (and, when it used tools, their names and images, in order), or that it failed. */
function SharedReply({ message }: { message: Message }) {
  const { t } = useTranslation();
  const latex = useSettingsStore((s) => s.LaTeXParsing);
  const blocks = replyBlocks(message);
  const text = messageText(message);
  return (
    <div className="flex min-w-0 flex-col gap-1.5 text-[15px] leading-7 text-zinc-900 dark:text-zinc-100">
      {message.error ? (
        <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200">
          {t('com_share_reply_error')}
        </p>
      ) : blocks ? (
        blocks.map((block) =>
          block.kind === 'text' ? (
            <Markdown key={block.key} text={block.text} latex={latex} />
          ) : block.kind === 'image' ? (
            <SharedImages key={block.key} images={[block.image]} />
          ) : (
            <p
              key={block.key}
              className="inline-flex w-fit items-center gap-1.5 rounded-lg bg-zinc-100 px-2.5 py-1 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            >
              <Wrench className="size-3.5" aria-hidden="true" />
              {t('com_share_used_tool', { name: block.call.name ?? block.call.type })}
            </p>
          ),
        )
      ) : (
        <>
          {text && <Markdown text={text} latex={latex} />}
          <SharedImages images={imageParts(message)} />
        </>
      )}
      {message.unfinished && !message.error && (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('com_share_reply_unfinished')}</p>
      )}
    </div>
  );
}

const imagesOfFiles = (message: Message): ImagePart[] =>
  (message.files ?? []).flatMap((f) =>
    (f.type ?? '').startsWith('image/') && f.filepath
      ? [{ file_id: f.file_id, filepath: f.filepath, width: f.width, height: f.height }]
      : [],
  );

const imageParts = (message: Message): ImagePart[] =>
  (message.content ?? []).flatMap((part) => (part.type === 'image_file' ? [part.image_file] : []));

/**
 * Images by their signed addresses, which a signed-out reader's browser loads by itself; one without a signature
 * (only its owner could read it) is left out.
 */
function SharedImages({ images, alignEnd = false }: { images: ImagePart[]; alignEnd?: boolean }) {
  const { t } = useTranslation();
  const shown = images.filter((image) => image.filepath && isSignedFilePath(image.filepath));
  if (shown.length === 0) return null;
  return (
    <div className={`flex max-w-[85%] flex-wrap gap-2 ${alignEnd ? 'justify-end' : ''}`}>
      {shown.map((image) => (
        <a
          key={image.file_id}
          href={image.filepath}
          target="_blank"
          rel="noopener noreferrer"
          className="block overflow-hidden rounded-xl border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700"
        >
          <img
            src={image.filepath}
            alt={image.filename ?? t('com_share_image')}
            width={image.width}
            height={image.height}
            loading="lazy"
            className="block h-auto max-h-80 w-auto max-w-full min-w-16 object-contain"
            data-testid="shared-image"
          />
        </a>
      ))}
    </div>
  );
}
