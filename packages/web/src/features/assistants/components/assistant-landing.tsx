import type { ReactNode } from 'react';
import { assistantLabel } from '../assistant-form';
import { useAssistantsQuery } from '../assistants.api';
import { AssistantAvatar } from './assistant-avatar';

/**
 * The head of a new chat with an assistant: its picture, name and description. `fallback` (the app's logo and who
 * answers) shows until the assistant is known, and for an assistant the user no longer has.
 */
export function AssistantLanding({
  assistantId,
  badge,
  fallback,
}: {
  assistantId: string;
  /** Worn on the picture's corner (the birthday icon). */
  badge: ReactNode;
  fallback: ReactNode;
}) {
  const assistant = useAssistantsQuery().data?.find((a) => a.id === assistantId);
  if (!assistant) return fallback;
  return (
    <div data-testid="assistant-landing" className="flex flex-col items-center gap-2">
      <div className="relative">
        <AssistantAvatar src={assistant.metadata.avatar} className="size-16" />
        {badge}
      </div>
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{assistantLabel(assistant)}</p>
      {assistant.description && (
        <p className="max-w-md text-sm text-zinc-500 dark:text-zinc-400">{assistant.description}</p>
      )}
    </div>
  );
}
