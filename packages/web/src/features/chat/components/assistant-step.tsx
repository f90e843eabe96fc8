import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, ExternalLink, Globe, SquareTerminal, TriangleAlert } from 'lucide-react';
import { useActionsQuery } from '../../assistants/actions.api';
import {
  actionOf,
  assistantStep,
  functionNameOf,
  stepLabel,
  type AssistantStep,
  type ConsentLink,
} from '../assistant-steps';
import { prettyArguments, type ToolCallPart } from '../tool-step-display';
import { SourcePassages } from './source-passages';
import { StepDisclosure, StepText } from './step-disclosure';
import { intlLocale } from '../../i18n/intl-locale';

const ICON = { code: SquareTerminal, retrieval: BookOpen, action: Globe } as const;

/**
 * An assistant's step (docs/reference/assistants.md (Chatting with an assistant)), for a call `assistantStepKind`
 * knows: the code interpreter opening to its code and what it printed, retrieval to the passages it found, an action to
 * its input and output, with the link to sign in when it waits for the user's consent.
 */
export function AssistantStepView({ call }: { call: ToolCallPart }) {
  const { t } = useTranslation();
  const now = useNowUntil(call.auth ? (call.expires_at ?? null) : null);
  // A long domain is in the function's name as its base64: the user's own actions say which it is.
  const action = actionOf(functionNameOf(call));
  const actions = useActionsQuery(action !== null && action.domain === null);
  const knownDomains = actions.data?.flatMap((a) => (a.metadata.domain ? [a.metadata.domain] : []));
  const step = assistantStep(call, { now, knownDomains });
  if (!step) return null;
  const { key, values } = stepLabel(step);
  return (
    <StepDisclosure
      stepId={call.id}
      state={step.state}
      kind={step.kind}
      icon={ICON[step.kind]}
      label={t(key, values ?? {})}
      footer={step.kind === 'action' && step.consent ? <Consent link={step.consent} /> : null}
    >
      <StepDetails step={step} />
    </StepDisclosure>
  );
}

function StepDetails({ step }: { step: AssistantStep }) {
  const { t } = useTranslation();
  const failed = step.state === 'failed';
  if (step.kind === 'code') {
    return (
      <>
        <StepText label={t('com_ui_step_code')} text={step.code} testId="step-code" />
        {step.state !== 'running' && step.logs && (
          <StepText label={t('com_ui_step_result')} text={step.logs} testId="step-result" failed={failed} />
        )}
      </>
    );
  }
  if (step.kind === 'retrieval') {
    if (step.citations.length > 0) {
      return <SourcePassages citations={step.citations} label={t('com_ui_step_passages_found')} />;
    }
    return step.state === 'running' ? (
      <p className="text-zinc-600 dark:text-zinc-400">{t('com_ui_step_searching_knowledge')}</p>
    ) : (
      <StepText
        label={t('com_ui_tool_step_output')}
        text={step.output}
        testId="tool-output"
        failed={failed}
      />
    );
  }
  return (
    <>
      <StepText label={t('com_ui_tool_step_input')} text={prettyArguments(step.input)} testId="tool-input" />
      {step.state !== 'running' && (
        <StepText
          label={t('com_ui_tool_step_output')}
          text={step.output}
          testId="tool-output"
          failed={failed}
        />
      )}
    </>
  );
}

/**
 * The link to the action's consent page (OAuth), in a new tab without an opener, with the time it stops working and a
 * word of caution; once that time has passed, only that it has.
 */
function Consent({ link }: { link: ConsentLink }) {
  const { t, i18n } = useTranslation();
  const time =
    link.expiresAt === null
      ? ''
      : new Intl.DateTimeFormat(intlLocale(i18n.language), {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(link.expiresAt));
  if (link.expired) {
    return (
      <p data-testid="step-consent-expired" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {t('com_ui_step_sign_in_expired', { time })}
      </p>
    );
  }
  return (
    <div data-testid="step-consent" className="mt-1.5 flex flex-col items-start gap-1.5">
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex max-w-full items-center gap-1.5 rounded-lg bg-teal-700 px-3 py-1.5 text-sm font-medium break-all text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:bg-teal-600 dark:text-zinc-950 dark:hover:bg-teal-500"
      >
        {t('com_ui_step_sign_in', { domain: link.domain })}
        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      </a>
      <p className="flex items-start gap-1.5 text-xs leading-5 text-amber-800 dark:text-amber-300">
        <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>
          {time && `${t('com_ui_step_sign_in_until', { time })} `}
          {t('com_ui_step_sign_in_trust')}
        </span>
      </p>
    </div>
  );
}

/** The time now, read again when `deadline` passes (a consent link expiring while on screen). */
function useNowUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null || now >= deadline) return;
    // setTimeout takes at most 2^31 - 1 ms; a later deadline is looked at again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(deadline - now, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return now;
}
