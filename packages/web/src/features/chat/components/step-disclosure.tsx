import { useId, type ReactNode } from 'react';
import { ChevronRight, CircleAlert, LoaderCircle, type LucideIcon } from 'lucide-react';
import { useOpenStepsStore } from '../open-steps.store';
import type { ToolStepState } from '../tool-step-display';

const ROW_COLOUR = {
  running: 'text-zinc-600 dark:text-zinc-400',
  done: 'text-zinc-600 dark:text-zinc-400',
  failed: 'text-red-700 dark:text-red-300',
} as const;

/**
 * One step of a reply: a compact row saying what the step is doing or did (a spinner while it runs, a mark when it
 * failed, else the step's own icon), a button that opens the step's details under it, and `footer` (a consent link)
 * always shown under the row.
 */
export function StepDisclosure({
  stepId,
  state,
  kind,
  icon: Icon,
  label,
  children,
  footer,
}: {
  /** The tool call's id: the step stays open or closed as the user left it when the reply is drawn again. */
  stepId: string;
  state: ToolStepState;
  /** What kind of step (`tool`, `code`, `retrieval`, `action`), for tests and styles. */
  kind: string;
  icon: LucideIcon;
  label: string;
  /** The details, rendered only while open. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  const open = useOpenStepsStore((s) => s.open.has(stepId));
  const toggle = useOpenStepsStore((s) => s.toggle);
  const detailsId = useId();
  const RowIcon = state === 'running' ? LoaderCircle : state === 'failed' ? CircleAlert : Icon;
  return (
    <div data-testid="tool-step" data-state={state} data-kind={kind} className="min-w-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => toggle(stepId)}
        className={`-ms-1.5 inline-flex max-w-full items-center gap-1.5 rounded-lg py-1 pe-2 ps-1.5 text-start text-sm leading-5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800 ${ROW_COLOUR[state]}`}
      >
        <RowIcon
          className={`size-4 shrink-0 ${state === 'running' ? 'animate-spin motion-reduce:animate-none' : ''}`}
          aria-hidden="true"
        />
        <span className="min-w-0 break-words">{label}</span>
        <ChevronRight
          className={`size-3.5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : 'rtl:rotate-180'}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div
          id={detailsId}
          className="mt-1 mb-1 flex min-w-0 flex-col gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {children}
        </div>
      )}
      {footer}
    </div>
  );
}

/**
 * A labelled block of plain text that scrolls inside itself (long lines sideways, long output down). A step's text is
 * a tool's or a model's (a web page, an MCP server's reply, code): hostile input, so plain text only, never Markdown or
 * HTML.
 */
export function StepText({
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
