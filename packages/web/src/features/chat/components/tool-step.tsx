import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, CircleAlert, LoaderCircle, Wrench } from 'lucide-react';
import { prettyArguments, toolStepState, type ToolCallPart } from '../tool-step-display';

const STATE_TEXT = {
  running: 'com_ui_tool_step_running',
  done: 'com_ui_tool_step_done',
  failed: 'com_ui_tool_step_failed',
} as const;

const ROW_COLOUR = {
  running: 'text-zinc-600 dark:text-zinc-400',
  done: 'text-zinc-600 dark:text-zinc-400',
  failed: 'text-red-700 dark:text-red-300',
} as const;

/**
 * One tool step of a reply: a compact row saying what the tool is doing or did, which opens to the step's input and
 * output. The output is a tool's answer (a web page's text, an MCP server's reply): hostile input, so it is shown as
 * plain text only, never as Markdown or HTML.
 */
export function ToolStep({ call, name }: { call: ToolCallPart; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const state = toolStepState(call);
  const Icon = state === 'running' ? LoaderCircle : state === 'failed' ? CircleAlert : Wrench;
  return (
    <div data-testid="tool-step" data-state={state} className="min-w-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((was) => !was)}
        className={`-ml-1.5 inline-flex max-w-full items-center gap-1.5 rounded-lg py-1 pr-2 pl-1.5 text-left text-sm leading-5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800 ${ROW_COLOUR[state]}`}
      >
        <Icon
          className={`size-4 shrink-0 ${state === 'running' ? 'animate-spin motion-reduce:animate-none' : ''}`}
          aria-hidden="true"
        />
        <span className="min-w-0 break-words">{t(STATE_TEXT[state], { tool: name })}</span>
        <ChevronRight
          className={`size-3.5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div
          id={detailsId}
          className="mt-1 mb-1 flex min-w-0 flex-col gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <StepText
            label={t('com_ui_tool_step_input')}
            text={prettyArguments(call.arguments)}
            testId="tool-input"
          />
          {state !== 'running' && (
            <StepText
              label={t('com_ui_tool_step_output')}
              text={call.output ?? ''}
              testId="tool-output"
              failed={state === 'failed'}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** A labelled block of plain text that scrolls inside itself (long lines sideways, long output down). */
function StepText({
  label,
  text,
  testId,
  failed = false,
}: {
  label: string;
  text: string;
  testId: string;
  failed?: boolean;
}) {
  return (
    <div className="min-w-0">
      <div className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</div>
      <pre
        data-testid={testId}
        tabIndex={0}
        className={`max-h-64 overflow-auto rounded-lg bg-white p-2 font-mono text-xs leading-5 whitespace-pre dark:bg-zinc-950 ${
          failed ? 'text-red-800 dark:text-red-200' : 'text-zinc-800 dark:text-zinc-200'
        }`}
      >
        {text}
      </pre>
    </div>
  );
}
