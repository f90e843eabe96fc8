import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { prettyArguments, toolStepState, type ToolCallPart } from '../tool-step-display';
import { StepDisclosure, StepText } from './step-disclosure';

const STATE_TEXT = {
  running: 'com_ui_tool_step_running',
  done: 'com_ui_tool_step_done',
  failed: 'com_ui_tool_step_failed',
} as const;

/** One tool step of a reply (a plugin, an MCP server's tool): what it is doing or did, opening to its input and output. */
export function ToolStep({ call, name }: { call: ToolCallPart; name: string }) {
  const { t } = useTranslation();
  const state = toolStepState(call);
  return (
    <StepDisclosure
      stepId={call.id}
      state={state}
      kind="tool"
      icon={Wrench}
      label={t(STATE_TEXT[state], { tool: name })}
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
    </StepDisclosure>
  );
}
