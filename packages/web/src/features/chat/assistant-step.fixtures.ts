import type { ContentPart } from '@parley/shared';
import type { ToolCallPart } from './tool-step-display';

// Steps of an assistant's reply in the shared schema's shapes (docs/reference/messages.md (Content parts)), for the
// display rules' tests.

export const codeStep: ToolCallPart = {
  id: 'call_code',
  type: 'code_interpreter',
  name: 'code_interpreter',
  arguments: '{"code":"print(6 * 7)"}',
  output: '42',
  progress: 1,
  code_interpreter: {
    input: 'import math\nprint(6 * 7)',
    outputs: [
      { type: 'logs', logs: '42' },
      { type: 'image', image: { file_id: 'file_plot' } },
    ],
  },
};

/** The flat shape the tool loop writes for any tool: the code in the arguments, the printed text as output. */
export const flatCodeStep: ToolCallPart = {
  id: 'call_flat_code',
  type: 'function',
  name: 'code_interpreter',
  arguments: '{"code":"print(1 + 1)"}',
  output: '2',
  progress: 1,
};

export const retrievalStep: ToolCallPart = {
  id: 'call_retrieval',
  type: 'retrieval',
  name: 'retrieval',
  arguments: '{"query":"refund window"}',
  output: '[1] policy.pdf, page 3\nRefunds are accepted within 30 days.',
  progress: 1,
  retrieval: {},
  citations: [
    {
      fileId: 'file_policy',
      filename: 'policy.pdf',
      where: 'page 3',
      text: 'Refunds are accepted within 30 days.',
    },
    { fileId: 'file_faq', filename: '常见问题.docx', text: '退款在三十天内受理。' },
    { fileId: 'file_policy', filename: 'policy.pdf', where: 'page 7', text: 'Shipping is not refunded.' },
  ],
};

export const actionStep: ToolCallPart = {
  id: 'call_action',
  type: 'function',
  name: 'getForecast_action_a---io',
  arguments: '{"city":"Paris"}',
  output: '{"forecast":"sunny"}',
  progress: 1,
  function: {
    name: 'getForecast_action_a---io',
    arguments: '{"city":"Paris"}',
    output: '{"forecast":"sunny"}',
  },
};

/** An action on a long domain (api.weather.gov): its name holds the first 10 characters of the domain's base64. */
export const encodedActionStep: ToolCallPart = {
  id: 'call_encoded',
  type: 'function',
  name: 'getPoints_action_YXBpLndlYX',
  arguments: '{}',
  output: '{}',
  progress: 1,
};

export const CONSENT_EXPIRES_AT = Date.UTC(2025, 0, 2, 15, 30);

export const consentStep: ToolCallPart = {
  id: 'call_consent',
  type: 'function',
  name: 'listEvents_action_YXBpLndlYX',
  arguments: '{"day":"today"}',
  output: null,
  progress: 0,
  auth: 'https://accounts.example.com/o/oauth2/auth?client_id=parley&state=abc',
  expires_at: CONSENT_EXPIRES_AT,
};

export const failedActionStep: ToolCallPart = {
  ...actionStep,
  id: 'call_failed',
  output: 'error processing tool getForecast_action_a---io: HTTP 500',
  function: { ...actionStep.function!, output: 'error processing tool getForecast_action_a---io: HTTP 500' },
};

export const part = (call: ToolCallPart): ContentPart => ({ type: 'tool_call', tool_call: call });
export const textPart = (value: string): ContentPart => ({ type: 'text', text: { value } });
