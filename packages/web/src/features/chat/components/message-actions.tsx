import { Check, Copy, Pencil, RefreshCw, StepForward } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/shared';
import { useChatInputStore } from '../chat-input.store';
import { useCopyText } from '../../clipboard/use-copy-text';
import type { MessageActions as Allowed } from '../message-action-rules';
import { messageText } from '../message-text';
import { useStartupConfig } from '../../config/config.api';
import { ReadAloudButton } from '../../speech/components/read-aloud-button';
import { ActionButton } from './action-button';
import { MessageInfo } from './message-info';

interface MessageActionsProps {
  message: Message;
  allowed: Allowed;
  onEdit: () => void;
  onRegenerate: (m: Message) => void;
  onContinue: (m: Message) => void;
}

const icon = 'size-4';

/**
 * Copy, Read aloud (replies), Edit, Regenerate and Continue under a message (which show is decided by
 * message-action-rules), and a reply's details.
 */
export function MessageActions({ message, allowed, onEdit, onRegenerate, onContinue }: MessageActionsProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyText();
  const { config } = useStartupConfig();

  const onCopy = () => copy(messageText(message));

  // Ctrl/Cmd+Shift+C asked to copy this reply: the same copy, with the same check and announcement.
  const copyRequested = useChatInputStore(
    (s) => s.request?.kind === 'copy' && s.request.messageId === message.messageId,
  );
  const copyNow = useEffectEvent(() => void onCopy());
  useEffect(() => {
    if (!copyRequested) return;
    useChatInputStore.getState().setRequest(null);
    copyNow();
  }, [copyRequested]);

  return (
    <>
      <ActionButton
        label={t('com_ui_msg_copy')}
        tooltip={copied ? t('com_ui_msg_copied') : t('com_ui_msg_copy')}
        onClick={() => void onCopy()}
      >
        {copied ? (
          <Check className={`${icon} text-teal-600 dark:text-teal-400`} aria-hidden="true" />
        ) : (
          <Copy className={icon} aria-hidden="true" />
        )}
      </ActionButton>
      <span role="status" className="sr-only">
        {copied ? t('com_ui_msg_copied') : ''}
      </span>
      {!message.isCreatedByUser && !message.error && (
        <ReadAloudButton messageId={message.messageId} markdown={messageText(message)} />
      )}
      {allowed.edit && (
        <ActionButton label={t('com_ui_msg_edit')} onClick={onEdit}>
          <Pencil className={icon} aria-hidden="true" />
        </ActionButton>
      )}
      {allowed.regenerate && (
        <ActionButton label={t('com_ui_msg_regenerate')} onClick={() => onRegenerate(message)}>
          <RefreshCw className={icon} aria-hidden="true" />
        </ActionButton>
      )}
      {allowed.continue && (
        <ActionButton label={t('com_ui_msg_continue')} onClick={() => onContinue(message)}>
          <StepForward className={icon} aria-hidden="true" />
        </ActionButton>
      )}
      {/* A reply's details, with what it cost, where there is a balance (docs/reference/balance.md). */}
      {config.checkBalance && !message.isCreatedByUser && <MessageInfo message={message} />}
    </>
  );
}
