import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_MODEL_LABEL, type Message } from '@parley/shared';
import { useAuthStore } from '../../auth/auth.store';
import { MessageFiles } from '../../files/components/message-files';
import { useSettingsStore } from '../../settings/settings.store';
import { useChatInputStore } from '../chat-input.store';
import { goOnHint, messageActions } from '../message-action-rules';
import type { BranchNode } from '../message-tree';
import { messageText } from '../message-text';
import { MessageActions } from './message-actions';
import { ModelAvatar, UserAvatar } from './message-avatar';
import { AiContent, UserText } from './message-content';
import { MessageEditor } from './message-editor';
import { SiblingNav } from './sibling-nav';

export interface MessageArticleProps {
  node: BranchNode;
  isLatest: boolean;
  submitting: boolean;
  streaming: boolean;
  recentlyStopped: boolean;
  endpoint: string;
  isSearchResult?: boolean;
  onRegenerate: (m: Message) => void;
  onContinue: (m: Message) => void;
  onEdit: (m: Message, text: string, submit: boolean) => void;
}

// On wide screens with a mouse, older messages show their actions on hover or keyboard focus; the latest
// message, touch screens and narrow screens always show them.
const revealOnHover =
  'md:pointer-fine:opacity-0 md:pointer-fine:group-hover/msg:opacity-100 md:pointer-fine:group-focus-within/msg:opacity-100';

/** One message of the chat: sender, content or inline editor, sibling navigation and actions. */
export function MessageArticle(props: MessageArticleProps) {
  const { node, isLatest, submitting, streaming, recentlyStopped, endpoint, isSearchResult = false } = props;
  const { message } = node;
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const user = useAuthStore((s) => s.user);
  const showUsername = useSettingsStore((s) => s.UsernameDisplay);
  const isUser = message.isCreatedByUser;
  const you = t('com_ui_msg_you');
  const name = isUser
    ? (showUsername && (user?.name || user?.username)) || you
    : message.sender || FALLBACK_MODEL_LABEL;
  const live = streaming && isLatest && !isUser;

  const rulesContext = {
    message,
    endpoint,
    isLatest,
    isEditing: editing,
    submitting,
    isSearchResult,
    recentlyStopped,
  };
  const allowed = messageActions(rulesContext);
  const hint = goOnHint({ ...rulesContext, live });

  // Up in the empty message box asks to edit this message (docs/reference/settings-and-ui.md (Keyboard shortcuts)).
  const startEditing = useEffectEvent(() => {
    if (allowed.edit) setEditing(true);
  });
  useEffect(
    () =>
      useChatInputStore.subscribe(({ request, setRequest }) => {
        if (request?.kind !== 'edit' || request.messageId !== message.messageId) return;
        setRequest(null);
        startEditing();
      }),
    [message.messageId],
  );

  const editor = editing && (
    <MessageEditor
      message={message}
      initialText={messageText(message)}
      submitting={submitting}
      onCancel={() => setEditing(false)}
      onSave={(text, submit) => {
        setEditing(false);
        props.onEdit(message, text, submit);
      }}
    />
  );

  // Sibling navigation always shows, so a branch is never hidden; the actions may wait for hover.
  const footer = (!live || recentlyStopped) && !editing && (
    <div className={`flex flex-wrap items-center gap-0.5 ${isUser ? 'justify-end' : '-ms-2'}`}>
      {!isSearchResult && <SiblingNav node={node} />}
      <div
        className={`flex items-center gap-0.5 transition-opacity motion-reduce:transition-none ${
          isLatest ? '' : revealOnHover
        }`}
      >
        <MessageActions
          message={message}
          allowed={allowed}
          onEdit={() => setEditing(true)}
          onRegenerate={props.onRegenerate}
          onContinue={props.onContinue}
        />
      </div>
    </div>
  );

  return (
    <article
      aria-label={name}
      data-message-id={message.messageId}
      className="group/msg mx-auto w-full max-w-3xl px-4 py-2.5 sm:px-6"
    >
      {isUser ? (
        <div className="flex flex-col items-end gap-2">
          <Header
            name={name}
            reverse
            avatar={<UserAvatar name={name === you ? (user?.name ?? you) : name} avatarUrl={user?.avatar} />}
          />
          <MessageFiles files={message.files} alignEnd />
          {editor || <UserText message={message} />}
          {footer}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Header name={name} avatar={<ModelAvatar endpoint={message.endpoint || endpoint} />} />
          <div className="flex min-w-0 flex-col gap-2 sm:ps-10">
            <MessageFiles files={message.files} alignEnd={false} />
            {editor || (
              <AiContent
                message={message}
                live={live}
                hint={hint}
                endpoint={message.endpoint || endpoint}
                onContinue={allowed.continue ? () => props.onContinue(message) : undefined}
              />
            )}
            {footer}
          </div>
        </div>
      )}
    </article>
  );
}

function Header({ name, avatar, reverse = false }: { name: string; avatar: ReactNode; reverse?: boolean }) {
  return (
    <div className={`flex items-center gap-3 ${reverse ? 'flex-row-reverse' : ''}`}>
      {avatar}
      <span className="truncate text-sm font-semibold text-zinc-800 dark:text-zinc-200">{name}</span>
    </div>
  );
}
