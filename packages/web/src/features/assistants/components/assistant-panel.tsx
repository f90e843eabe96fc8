import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { assistantTexts } from '../assistant-texts';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useConversationStore } from '../../chat/conversation.store';
import { useModelsQuery } from '../../endpoints/endpoints.api';
import { useActionsQuery } from '../actions.api';
import { useAssistantsQuery } from '../assistants.api';
import { useBuilderStore } from '../builder.store';
import { ActionEditor } from './action-editor';
import { AssistantBuilder } from './assistant-builder';
import { AssistantSelect } from './assistant-select';

/**
 * The side panel's assistants panel: the assistant selector, then the builder, or the actions editor of one of its
 * actions (the panel's two modes).
 */
export function AssistantPanel({ focusRequest }: { focusRequest: number }) {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(assistantTexts);
  const { t } = useTranslation();
  const assistants = useAssistantsQuery();
  const models = useModelsQuery();
  const { picked, assistantId, mode, actionId } = useBuilderStore();
  const actions = useActionsQuery(mode === 'actions');
  // Until the user picks one, the builder opens on the assistant the chat talks to.
  const chatAssistant = useConversationStore((s) =>
    s.setup.endpoint === 'assistants' ? (s.setup.assistant_id ?? null) : null,
  );
  const currentId = picked ? assistantId : chatAssistant;
  const list = assistants.data ?? [];
  const current = list.find((a) => a.id === currentId) ?? null;
  const action = actions.data?.find((a) => a.action_id === actionId) ?? null;

  let body;
  if (mode === 'actions') {
    body =
      actionId && actions.isPending ? (
        <Spinner />
      ) : (
        <ActionEditor key={actionId ?? 'new'} assistant={current} action={action} />
      );
  } else if (assistants.isPending || models.isPending) {
    body = <Spinner />;
  } else if (assistants.isError) {
    body = (
      <div className="p-3">
        <Alert>{t('com_assistants_load_error')}</Alert>
      </div>
    );
  } else {
    body = (
      <AssistantBuilder
        key={current?.id ?? 'new'}
        assistant={current}
        models={models.data?.assistants ?? []}
      />
    );
  }

  return (
    <section
      aria-label={t('com_sidepanel_assistant_builder')}
      data-testid="assistant-panel"
      className="flex min-h-0 flex-1 flex-col"
    >
      {mode === 'builder' && (
        <AssistantSelect assistants={list} current={current} focusRequest={focusRequest} />
      )}
      {body}
    </section>
  );
}
