import { parseFrame } from '../../src/lib/sse.test-helpers';
import {
  clientConversationSchema,
  clientMessageSchema,
  type ClientMessage,
} from './client-schemas.test-helpers';
import { bodyOf, type LibreChatClient } from './client.test-helpers';

// The LibreChat v0.6.10 client's chat, as far as the wire goes: the submission it builds for a send, a regenerate,
// a continue and an edit, and the stream as it reads it (docs/reference/librechat-clients.md). Its request layer is
// client.test-helpers.ts.

/** The client's root parent id. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** The conversation the client holds between sends (from the last final event, or a fresh one). */
export type ClientConversation = Record<string, unknown> & { conversationId: string | null };

/** The endpoint options the v0.6.10 client sends for an openAI conversation with its defaults. */
/** What its bingAI schema keeps of a conversation for a send (the thread's ids included, which Parley ignores). */
const BING_OPTION_KEYS = [
  'model',
  'jailbreak',
  'jailbreakConversationId',
  'conversationSignature',
  'clientId',
  'invocationId',
  'toneStyle',
  'context',
  'systemMessage',
];

export const OPENAI_OPTIONS = {
  endpoint: 'openAI',
  model: 'gpt-4o',
  chatGptLabel: null,
  promptPrefix: null,
  temperature: 1,
  top_p: 1,
  presence_penalty: 0,
  frequency_penalty: 0,
  resendImages: false,
  imageDetail: 'auto',
  key: null,
} as const;

/** The Plugins endpoint's options as the client's schema for it picks them (with their key names). */
export const PLUGINS_OPTION_KEYS = [
  'model',
  'chatGptLabel',
  'promptPrefix',
  'temperature',
  'top_p',
  'presence_penalty',
  'frequency_penalty',
  'tools',
  'agentOptions',
] as const;

/** A conversation as the client starts a new chat. */
export const newClientConversation = (): ClientConversation => ({
  conversationId: 'new',
  title: 'New Chat',
  createdAt: '',
  updatedAt: '',
  ...OPENAI_OPTIONS,
});

export interface AskInput {
  text: string;
  parentMessageId?: string | null;
  conversationId?: string | null;
  messageId?: string | null;
}

export interface AskFlags {
  editedText?: string | null;
  editedMessageId?: string | null;
  isRegenerate?: boolean;
  isContinued?: boolean;
  isEdited?: boolean;
}

export interface Submission {
  server: string;
  payload: Record<string, unknown>;
  isRegenerate: boolean;
  isContinued: boolean;
  /** The user message as the client shows it while the reply streams. */
  message: ClientMessage;
  /** The placeholder reply. */
  initialResponse: ClientMessage;
  /** The messages the client keeps under the new ones (for a continue, without the reply being continued). */
  messages: ClientMessage[];
}

let intermediate = 0;
const intermediateId = () => `00000000-0000-4000-8000-${String(++intermediate).padStart(12, '0')}`;

/**
 * The client's `ask`: from its state (the conversation, the messages shown, the latest message) and what the user
 * did, the path and the JSON body it posts. The endpoint options are spread into the body; the body carries
 * `generation` and `responseMessageId` (from the latest message) on every send, `overrideParentMessageId` only on a
 * regenerate (null otherwise), and `isContinued` only with an edit.
 */
export function buildSubmission(
  state: { conversation: ClientConversation; messages: ClientMessage[]; latest: ClientMessage | null },
  input: AskInput,
  flags: AskFlags = {},
): Submission {
  const { isRegenerate = false, isContinued = false, isEdited = false } = flags;
  const isEditOrContinue = isEdited || isContinued;
  let conversationId = input.conversationId ?? state.conversation.conversationId;
  let parentMessageId = input.parentMessageId ?? state.latest?.messageId ?? NO_PARENT;
  let messages = state.messages;
  if (conversationId === 'new') {
    parentMessageId = NO_PARENT;
    messages = [];
    conversationId = null;
  }
  const fresh = intermediateId();
  const messageId = isContinued && input.messageId ? input.messageId : fresh;
  const generation = flags.editedText ?? state.latest?.text ?? '';
  const responseMessageId = flags.editedMessageId ?? state.latest?.messageId ?? null;
  if (isContinued) messages = messages.filter((m) => m.messageId !== responseMessageId);

  const message: ClientMessage = {
    text: input.text.trim(),
    sender: 'User',
    isCreatedByUser: true,
    parentMessageId,
    conversationId,
    messageId,
    error: false,
    title: 'New Chat',
  };
  const requestedId = isRegenerate ? input.messageId! : fresh;
  const initialResponse: ClientMessage = {
    sender: 'GPT-4',
    text: isEditOrContinue ? generation : '',
    parentMessageId: requestedId,
    messageId: isEditOrContinue && responseMessageId ? responseMessageId : `${requestedId}_`,
    conversationId,
    unfinished: false,
    isCreatedByUser: false,
    isEdited: isEditOrContinue,
    error: false,
    title: 'New Chat',
  };

  // createPayload: the conversation is parsed (this is where a null the client does not allow throws), the
  // endpoint picks the path and an edit turns /ask/ into /edit/.
  const conversation = clientConversationSchema.parse({ ...state.conversation, conversationId });
  const { endpoint, endpointType, ...options } = state.conversation as Record<string, unknown>;
  // Its schema for chatGPTBrowser keeps the model alone.
  const optionKeys: readonly string[] =
    endpoint === 'gptPlugins'
      ? PLUGINS_OPTION_KEYS
      : endpoint === 'chatGPTBrowser'
        ? ['model']
        : endpoint === 'bingAI'
          ? BING_OPTION_KEYS
          : Object.keys(OPENAI_OPTIONS).filter((k) => k !== 'endpoint');
  const endpointOption: Record<string, unknown> = { endpoint, endpointType };
  for (const key of optionKeys) endpointOption[key] = options[key] ?? null;
  const base = `/api/ask/${String(endpointType ?? endpoint)}`;
  const server = isEditOrContinue ? base.replace('/ask/', '/edit/') : base;
  const payload = JSON.parse(
    JSON.stringify({
      ...message,
      generation,
      responseMessageId,
      overrideParentMessageId: isRegenerate ? input.messageId : null,
      ...endpointOption,
      isContinued: isEditOrContinue && isContinued,
      conversationId: conversation.conversationId,
    }),
  ) as Record<string, unknown>;
  return { server, payload, isRegenerate, isContinued, message, initialResponse, messages };
}

export interface StreamOutcome {
  status: number;
  /** The text of every frame the client showed, in order (it replaces the shown reply with each). */
  shown: string[];
  /** The messages on screen when the stream ended. */
  messages: ClientMessage[];
  /** The conversation the client keeps for its next send. */
  conversation: ClientConversation | null;
  /** Still "submitting": the stream ended without the client settling (its error handler threw, or no final). */
  submitting: boolean;
  /** The error message shown, if any. */
  error: ClientMessage | null;
  /** What went wrong inside the client's handlers (a parse that threw). */
  failures: string[];
  /** The data of every frame, parsed (for assertions on the wire itself). */
  frames: { event: string; data: Record<string, unknown> }[];
  /** The raw response headers. */
  headers: Headers;
}

/**
 * Posts the submission and reads the stream the way the client does (an SSE reader that treats a non-200 answer as
 * an `error` event carrying the body): `created` takes the user message, frames with `message: true` replace the
 * shown reply with their text, `final` replaces both with the server's versions, `event: error` is parsed as a
 * message. Reads to the end.
 */
export async function streamSubmission(
  client: LibreChatClient,
  submission: Submission,
  state: { conversation: ClientConversation },
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = {
    status: 0,
    shown: [],
    messages: submission.messages,
    conversation: state.conversation,
    submitting: true,
    error: null,
    failures: [],
    frames: [],
    headers: new Headers(),
  };
  let message = submission.message;
  const show = (reply: ClientMessage) => {
    outcome.messages = submission.isRegenerate
      ? [...submission.messages, reply]
      : [...submission.messages, message, reply];
  };
  const onError = (data: Record<string, unknown> | null) => {
    const conversationId = message.conversationId ?? null;
    try {
      if (!data) {
        outcome.error = clientMessageSchema.parse({
          ...submission.initialResponse,
          text: 'Error connecting to server',
          error: true,
          parentMessageId: message.messageId,
        });
      } else if (!conversationId && !data['conversationId']) {
        const metadata = (data['responseMessage'] as Record<string, unknown> | undefined) ?? data;
        outcome.error = clientMessageSchema.parse({
          ...submission.initialResponse,
          ...metadata,
          error: true,
          parentMessageId: message.messageId,
        });
      } else {
        outcome.error = clientMessageSchema.parse({
          ...data,
          error: true,
          parentMessageId: message.messageId,
        });
      }
      show(outcome.error);
      outcome.submitting = false;
    } catch (error) {
      outcome.failures.push(`error event not shown: ${String(error)}`);
    }
  };

  const res = await client.raw('POST', submission.server, submission.payload);
  outcome.status = res.status;
  outcome.headers = res.headers;
  if (res.status !== 200) {
    onError(bodyOf(await res.text()) as Record<string, unknown> | null);
    return outcome;
  }
  const text = await res.text();
  for (const chunk of text.split('\n\n')) {
    const frame = parseFrame(chunk);
    if (frame.data === undefined) continue;
    const event = frame.event ?? 'message';
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(frame.data) as Record<string, unknown>;
    } catch {
      outcome.failures.push(`frame is not JSON: ${frame.data.slice(0, 80)}`);
      if (event === 'error') onError(null);
      continue;
    }
    outcome.frames.push({ event, data });
    if (event === 'error') {
      onError(data);
      break;
    }
    if (data['final']) {
      try {
        const request = clientMessageSchema.parse(data['requestMessage']);
        const response = clientMessageSchema.parse(data['responseMessage']);
        outcome.messages = submission.isRegenerate
          ? [...submission.messages, response]
          : [...submission.messages, request, response];
        outcome.conversation = {
          ...state.conversation,
          ...(data['conversation'] as Record<string, unknown>),
        } as ClientConversation;
        outcome.submitting = false;
      } catch (error) {
        outcome.failures.push(`final not taken: ${String(error)}`);
      }
    }
    if (data['created']) {
      message = { ...message, ...(data['message'] as ClientMessage) };
      outcome.conversation = {
        ...state.conversation,
        conversationId: message.conversationId,
      } as ClientConversation;
    } else if (data['type']) {
      // Typed content parts (assistants): not used by these endpoints.
    } else if (data['message']) {
      const shownText =
        (data['text'] as string | undefined) || (data['response'] as string | undefined) || '';
      outcome.shown.push(shownText);
      show({
        ...submission.initialResponse,
        text: shownText,
        parentMessageId: (data['parentMessageId'] as string | undefined) ?? null,
        messageId: data['messageId'] as string,
      });
    }
  }
  return outcome;
}

/** A chat as one LibreChat tab holds it: its conversation and messages, kept from each answer for the next send. */
export class ClientChat {
  conversation: ClientConversation = newClientConversation();
  messages: ClientMessage[] = [];
  latest: ClientMessage | null = null;

  constructor(readonly client: LibreChatClient) {}

  /** Sends (or regenerates, continues, edits) as the client does and keeps what it shows for the next send. */
  async send(input: AskInput, flags: AskFlags = {}) {
    const submission = buildSubmission(
      { conversation: this.conversation, messages: this.messages, latest: this.latest },
      input,
      flags,
    );
    const outcome = await streamSubmission(this.client, submission, { conversation: this.conversation });
    this.messages = outcome.messages;
    this.latest = outcome.messages.at(-1) ?? null;
    if (outcome.conversation) this.conversation = outcome.conversation;
    return { submission, outcome };
  }

  /** Opens the conversation as the client does when the user picks it in the list. */
  async open(conversationId: string) {
    const conversation = await this.client.get<ClientConversation>(`/api/convos/${conversationId}`);
    const messages = await this.client.get<unknown[]>(`/api/messages/${conversationId}`);
    this.conversation = clientConversationSchema.parse(conversation) as ClientConversation;
    this.messages = messages.map((m) => clientMessageSchema.parse(m));
    this.latest = this.messages.at(-1) ?? null;
  }
}
