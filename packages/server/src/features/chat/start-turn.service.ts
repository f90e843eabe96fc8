import {
  conversationOptionsSchema,
  DEFAULT_SENDER_LABEL,
  FALLBACK_MODEL,
  FALLBACK_MODEL_LABEL,
  askPayloadSchema,
  type AskPayload,
  type ConversationOptions,
  type EndpointsConfig,
} from '@parley/shared';
import { promptTakesImages } from '../../providers/build-prompt';
import type { ChatContext } from './chat-context';
import { listedEndpoint, userCredentials } from './chat-credentials';
import { messageFilesOf } from './message-files';
import { resolveTurnTools } from './turn-tools';
import { assertModelOffered } from './offered-model';
import { sendIntent, type SendRoute } from './send-intent';
import { emptyTextError } from './turn-placement.service';
import { launchTurn, type StartedTurn } from './launch-turn';

export type { StartedTurn } from './launch-turn';

/**
 * The endpoint a send goes to: the path's. A LibreChat client posts a custom endpoint's sends to its type's path
 * (`/api/ask/custom`) and names the endpoint in the body (`endpoint: "Mistral"`, `endpointType: "custom"`): the body's
 * endpoint is taken when the path names no endpoint but that endpoint's type.
 */
function endpointOf(ctx: ChatContext, pathEndpoint: string, payload: AskPayload): string {
  const listed = ctx.registry.listEndpoints();
  if (listed[pathEndpoint]) return pathEndpoint;
  const named = payload.endpoint;
  if (named && listed[named]?.type === pathEndpoint) return named;
  return pathEndpoint;
}

/** The reply's sender label: the conversation's own label, else the endpoint's. */
function replySender(described: EndpointsConfig[string], options: ConversationOptions): string {
  return (
    options.modelLabel ??
    options.chatGptLabel ??
    described.modelDisplayLabel ??
    DEFAULT_SENDER_LABEL[described.type] ??
    FALLBACK_MODEL_LABEL
  );
}

/**
 * The sender label of a send's reply, for a send refused before it started: best effort from whatever body came
 * (it may be why the send was refused).
 */
export function refusedReplySender(ctx: ChatContext, pathEndpoint: string, body: unknown): string {
  const payload = askPayloadSchema.safeParse(body);
  if (!payload.success) return FALLBACK_MODEL_LABEL;
  const described = ctx.registry.listEndpoints()[endpointOf(ctx, pathEndpoint, payload.data)];
  return described ? replySender(described, payload.data) : FALLBACK_MODEL_LABEL;
}

/**
 * Validates and places a send, then starts its generation job; answers the job id to follow. In order: the
 * payload and endpoint (400), the user's key for userProvide endpoints (403 with the keys feature's JSON), the
 * model (403 `illegal_model_request` when the endpoint does not offer it), the option ranges (400), the attached files (400; images for a model that cannot read them too), the concurrent-message slot (429), the conversation (404 when not the user's), then in
 * one transaction the user message (saved before the provider is called) and the balance's hold on the prompt it
 * makes (402 `token_balance`, docs/reference/balance.md (A call)), whose refusal takes the message back. Everything
 * that can be refused is refused before the stream.
 */
export async function startTurn(
  ctx: ChatContext,
  userId: string,
  pathEndpoint: string,
  payload: AskPayload,
  route: SendRoute,
): Promise<StartedTurn> {
  const intent = sendIntent(route, payload);
  const text = payload.text.trim();
  if (intent.kind === 'ask' && !text) throw emptyTextError();
  const endpoint = endpointOf(ctx, pathEndpoint, payload);
  const described = listedEndpoint(ctx, endpoint);
  const credentials = await userCredentials(ctx, userId, endpoint);
  assertModelOffered(ctx, endpoint, payload.model);
  const entry = ctx.registry.getEndpoint(endpoint);
  const model = payload.model ?? entry?.models.default[0] ?? FALLBACK_MODEL;
  const options = { ...conversationOptionsSchema.parse(payload), model };
  const settings = ctx.registry.callSettings(endpoint, options);
  const streamer = ctx.registry.replyStreamer(endpoint, model, credentials);
  // A regenerate or a branch answers a saved message whose files were checked when it was sent.
  const checkFiles = intent.kind === 'ask' || intent.kind === 'edit';
  const files = checkFiles
    ? await messageFilesOf(ctx.deps, userId, entry, endpoint, model, payload.files)
    : [];
  const { tools, agent } = await resolveTurnTools(ctx, userId, endpoint, entry, options, credentials);

  return launchTurn(ctx, {
    userId,
    endpoint,
    endpointType: described.type === endpoint ? null : described.type,
    options,
    model,
    credentials,
    streamer,
    settings,
    sender: replySender(described, options),
    files,
    readsImages: entry !== undefined && promptTakesImages(entry, model),
    tools,
    agent,
    intent,
    payload,
    text,
  });
}
