import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { Message } from '@parley/shared';
import { useAssistantsQuery } from '../../assistants/assistants.api';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { messageFiles, useAttachmentsStore } from '../../files/attachments.store';
import { AttachButton } from '../../files/components/attach-button';
import { AttachmentList } from '../../files/components/attachment-list';
import { useInputAttachments } from '../../files/hooks/use-input-attachments';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { useUserKeyStatus } from '../../keys/keys.api';
import { ToolBarSlot } from '../../plugins/components/tool-bar-slot';
import { LazyPromptChip, LazySlashPickerList } from '../../prompt-library/components/lazy-inline-parts';
import { PromptLibraryButton } from '../../prompt-library/components/prompt-library-button';
import { SLASH_PICKER_ID, pickerOptionId } from '../../prompt-library/slash-picker';
import { useSlashPicker } from '../../prompt-library/hooks/use-slash-picker';
import { DictationButton } from '../../speech/components/dictation-button';
import { useChatInputStore } from '../chat-input.store';
import { useChatStreamStore } from '../chat-stream.store';
import { useConversationStore } from '../conversation.store';
import { useChatActions } from '../hooks/use-chat-actions';
import { useRecentlyStopped } from '../hooks/use-recently-stopped';
import { useVisionAdvice } from '../hooks/use-vision-advice';
import { inputRules } from '../input-rules';
import { ASSISTANTS_ENDPOINT } from '../stream/submission';
import { InputButtons } from './input-buttons';
import { VisionNotice } from './vision-notice';

/** Focus moves to the box this long after a conversation loads (docs/reference/chat.md (Message box)). */
const FOCUS_DELAY_MS = 100;

/**
 * The message box (docs/reference/chat.md (Message box)): Enter sends, Shift+Enter breaks the line, Stop while
 * replying.
 */
export function ChatInput({ latest }: { latest: Message | undefined }) {
  const { t } = useTranslation();
  const actions = useChatActions();
  const conversationId = useConversationStore((s) => s.conversationId);
  const setup = useConversationStore((s) => s.setup);
  const submitting = useChatStreamStore((s) => s.submitting);
  const recentlyStopped = useRecentlyStopped();
  const { draft, setDraft, focusRequest } = useChatInputStore();
  const endpoints = useEndpointsQuery();
  const key = useUserKeyStatus(setup.endpoint);
  const attachments = useInputAttachments(setup.endpoint);
  // Images the current model can't read hold the send (the server would refuse them).
  const vision = useVisionAdvice();
  const picker = useSlashPicker(draft);
  const ref = useRef<HTMLTextAreaElement>(null);

  const endpoint = setup.endpoint ?? '';
  // On the assistants endpoint the reply comes from the chosen assistant: the box waits for one and names it.
  const onAssistants = endpoint === ASSISTANTS_ENDPOINT;
  const assistants = useAssistantsQuery(onAssistants && Boolean(setup.assistant_id));
  const assistantName = onAssistants
    ? assistants.data?.find((a) => a.id === setup.assistant_id)?.name?.trim()
    : undefined;
  const rules = inputRules({
    conversationId,
    text: draft,
    submitting,
    noEndpoint: endpoints.isSuccess && Object.keys(endpoints.data).length === 0,
    endpointPending: !endpoint,
    keyMissing: key.missing,
    assistantMissing: onAssistants && !setup.assistant_id,
    filesLoading: attachments.loading,
    modelName: assistantName || (setup.model ?? ''),
    endpointName: endpointLabel(endpoint, t),
  });

  // Grows with its content up to 13rem, then scrolls (docs/reference/chat.md (Message box)). An empty box fits its
  // hint, which wraps rather than being cut (docs/decisions.md (The empty message box fits its hint)).
  const placeholder = t(rules.placeholder.key, rules.placeholder.values ?? {});
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight}px`;
  }, [draft, placeholder]);

  // After a conversation loads, unless the user has already put the focus somewhere (a menu, the sidebar).
  useEffect(() => {
    const timer = setTimeout(() => {
      const current = document.activeElement;
      if (!current || current === document.body) ref.current?.focus();
    }, FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [conversationId]);

  // An example prompt filled the box: the user goes on writing there.
  useEffect(() => {
    if (focusRequest > 0) ref.current?.focus();
  }, [focusRequest]);

  const sendDisabled = rules.sendDisabled || vision !== null;
  const send = () => {
    if (sendDisabled) return;
    if (!actions.send(draft, messageFiles(attachments.files))) return;
    setDraft('');
    // The files now belong to the sent message: out of the box, and no server delete.
    useAttachmentsStore.getState().clear();
  };

  // Pasted files are uploads (docs/reference/chat.md (Message box)); any text that comes with them is still pasted.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length > 0) attachments.attach(files);
  };

  // Enter pressed in the first moments, before the new chat knows its endpoint: send once it does.
  const queued = useRef(false);
  const sendQueued = useEffectEvent(() => {
    queued.current = false;
    send();
  });
  useEffect(() => {
    if (endpoint && queued.current) sendQueued();
  }, [endpoint]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey) return;
    // An Enter that confirms an IME composition (Chinese, Japanese input) must not send.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (submitting) return;
    if (!endpoint && rules.mode === 'ready' && draft.trim()) queued.current = true;
    else send();
  };

  const continueLatest = () => {
    if (latest && !latest.isCreatedByUser) actions.continue(latest);
  };

  return (
    <div data-testid="chat-input" className="mx-auto w-full max-w-3xl px-3 sm:px-6">
      <ToolBarSlot />
      {rules.mode === 'needs-key' ? (
        <button
          type="button"
          onClick={() => useKeyDialogStore.getState().open(endpoint)}
          className="flex min-h-14 w-full items-center gap-3 rounded-3xl border border-dashed border-zinc-300 bg-zinc-50 px-5 py-3 text-start text-sm text-zinc-600 hover:border-teal-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <KeyRound className="size-4 shrink-0" aria-hidden="true" />
          {placeholder}
        </button>
      ) : (
        <div className="rounded-3xl border border-zinc-300 bg-white px-2 py-2 shadow-sm focus-within:border-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-zinc-500">
          <LazyPromptChip />
          {picker.open && (
            <LazySlashPickerList
              entries={picker.entries}
              pick={picker.pick}
              loading={picker.loading}
              onChoose={picker.choose}
            />
          )}
          <AttachmentList />
          <VisionNotice advice={vision} />
          <div className="flex items-end gap-1.5">
            <AttachButton
              accept={attachments.accept}
              disabled={attachments.disabled}
              onFiles={attachments.attach}
            />
            <PromptLibraryButton />
            <textarea
              ref={ref}
              data-chat-input
              dir="auto"
              rows={1}
              value={draft}
              aria-label={t('com_ui_chat_input_label')}
              aria-controls={picker.open && picker.entries.length > 0 ? SLASH_PICKER_ID : undefined}
              aria-activedescendant={
                picker.open && picker.pick >= 0 && picker.entries.length > 0
                  ? pickerOptionId(picker.pick)
                  : undefined
              }
              placeholder={placeholder}
              disabled={rules.textDisabled}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              className="max-h-[13rem] min-h-9 flex-1 resize-none overflow-y-auto bg-transparent py-1.5 text-base leading-6 text-zinc-900 outline-none placeholder:text-zinc-500 disabled:cursor-not-allowed sm:text-[15px] dark:text-zinc-100 dark:placeholder:text-zinc-400"
            />
            <DictationButton disabled={rules.textDisabled} />
            <InputButtons
              submitting={submitting}
              sendDisabled={sendDisabled}
              showContinue={recentlyStopped && !submitting && Boolean(latest && !latest.isCreatedByUser)}
              onSend={send}
              onStop={actions.stop}
              onContinue={continueLatest}
            />
          </div>
        </div>
      )}
    </div>
  );
}
