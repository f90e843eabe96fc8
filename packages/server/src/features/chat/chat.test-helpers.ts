import { readAssistantsSettings } from '../../config/assistants-settings';
import { Redis } from 'ioredis';
import {
  API,
  DELTA_FRAMES,
  NIL_UUID,
  STREAM_FRAMES_HEADER,
  type ChatFinalEvent,
  type ChatStreamError,
  type Message,
} from '@parley/shared';
import type { DialectName } from '../../db/database';
import type { ProvidersConfig } from '../../config/provider-settings';
import type { AppConfig } from '../../config/config.types';
import { DEFAULT_TOOL_STEP_LIMIT } from '../../config/tool-settings';
import type { YamlConfig, YamlCustomEndpoint } from '../../config/yaml.schema';
import { sseReader, type ParsedFrame } from '../../lib/sse.test-helpers';
import { customEndpoint, simProviders } from '../../providers/provider-config.test-helpers';

export { simProviders };
import { buildApp, type BuildOptions } from '../../app';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

// Shared by the chat API tests; not part of the app.

/** The simulator as these helpers need it (a `@parley/sim` instance; only tests may import that package). */
export interface SimLike {
  url: string;
}

const NO_LIMITS = {
  limitConcurrentMessages: false,
  concurrentMessageMax: 100,
  limitMessageIp: false,
  messageIpMax: 1000,
  messageIpWindowMinutes: 1,
  limitMessageUser: false,
  messageUserMax: 1000,
  messageUserWindowMinutes: 1,
};

export interface ChatApp extends TestApp {
  base: string;
  token: string;
  userId: string;
}

/** A test app listening on loopback, with the simulator as every provider, and a signed-up user. */
export async function startChatApp(
  dialect: DialectName,
  sim: SimLike,
  options: {
    providers?: ProvidersConfig;
    custom?: YamlCustomEndpoint[];
    redis?: boolean;
    prefix?: string;
    limits?: Partial<typeof NO_LIMITS>;
    /** Where uploads are stored (tests that attach files pass a temporary folder). */
    dataDir?: string;
    fileConfig?: YamlConfig['fileConfig'];
    titleConvo?: boolean;
    /** CHECK_BALANCE on, with the YAML's balance section (docs/reference/balance.md). */
    balance?: YamlConfig['balance'];
    /** Violation scores and bans (docs/reference/accounts.md (Bans)). */
    bans?: AppConfig['bans'];
    /** TOOL_STEP_LIMIT (docs/reference/tools.md (Tool settings)). */
    toolStepLimit?: number;
    /** DALLE_REVERSE_PROXY (docs/reference/tools.md (Tool settings)). */
    dalleBaseUrl?: string;
    /** The operator's plugin settings (SEARXNG_INSTANCE_URL, …), as the environment gives them. */
    pluginEnv?: Record<string, string>;
    /** Where the app's log goes (tests that read it); by default the test config's level, to the process's output. */
    logger?: BuildOptions['logger'];
    /** The network rules (`userURLAllowedRanges`: where user-given URLs may go). */
    network?: Partial<AppConfig['network']>;
    /** The YAML's built-in endpoint blocks (`endpoints.openAI.visionModels`, …). */
    builtIn?: Pick<NonNullable<YamlConfig['endpoints']>, 'openAI' | 'azureOpenAI' | 'google' | 'anthropic'>;
    /** The YAML's MCP servers, as the loader read them (docs/reference/tools.md (MCP servers)). */
    mcpServers?: YamlConfig['mcpServers'];
    /** The YAML's assistants endpoint (docs/reference/assistants.md (Settings)). */
    assistants?: NonNullable<YamlConfig['endpoints']>['assistants'];
    /** The environment the assistants' settings read (EMBEDDINGS_MODEL, CODE_INTERPRETER_POOL_SIZE, …). */
    assistantsEnv?: Record<string, string>;
  } = {},
): Promise<ChatApp> {
  const custom = options.custom ?? [customEndpoint({ baseURL: `${sim.url}/custom/v1` })];
  const yaml: YamlConfig = {
    version: '1.0.3',
    endpoints: {
      custom,
      ...options.builtIn,
      ...(options.assistants ? { assistants: options.assistants } : {}),
    },
    ...(options.fileConfig ? { fileConfig: options.fileConfig } : {}),
    ...(options.balance ? { balance: options.balance } : {}),
    ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
  };
  const test = await buildTestApp(
    dialect,
    {
      providers: options.providers ?? simProviders(sim),
      yaml,
      ...(options.assistantsEnv ? { assistants: readAssistantsSettings(yaml, options.assistantsEnv) } : {}),
      messageLimits: { ...NO_LIMITS, ...options.limits },
      ...(options.bans ? { bans: options.bans } : {}),
      ...(options.prefix ? { rateLimits: { rateLimitPrefix: options.prefix } } : {}),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.toolStepLimit || options.dalleBaseUrl
        ? {
            tools: {
              stepLimit: options.toolStepLimit ?? DEFAULT_TOOL_STEP_LIMIT,
              dalleBaseUrl: options.dalleBaseUrl ?? null,
            },
          }
        : {}),
      ...(options.pluginEnv ? { pluginEnv: options.pluginEnv } : {}),
      ...(options.network ? { network: options.network } : {}),
      app: {
        ...(options.titleConvo !== undefined ? { titleConvo: options.titleConvo } : {}),
        ...(options.balance ? { checkBalance: true } : {}),
      },
    },
    { redis: options.redis, ...(options.logger ? { logger: options.logger } : {}) },
  );
  const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { token, user } = await newUser(test.app);
  return { ...test, base, token, userId: user.id };
}

/** The text the simulator streams for `{ tokens: n }`: "tok1 tok2 … tokn ". */
export const generated = (n: number) => Array.from({ length: n }, (_, i) => `tok${i + 1} `).join('');

export const sim = (script: Record<string, unknown>) => `[[sim ${JSON.stringify(script)}]]`;

export function post(
  app: { base: string },
  token: string,
  path: string,
  body: unknown,
  signal?: AbortSignal,
) {
  return fetch(`${app.base}${path}`, {
    method: 'POST',
    // Parley's web app asks for delta frames; these tests read those (librechat/ reads the other shape).
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [STREAM_FRAMES_HEADER]: DELTA_FRAMES,
    },
    body: JSON.stringify(body),
    signal,
  });
}

export function get(
  app: { base: string },
  token: string,
  path: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${app.base}${path}`, {
    headers: { authorization: `Bearer ${token}`, [STREAM_FRAMES_HEADER]: DELTA_FRAMES, ...headers },
  });
}

export interface ChatEvents {
  frames: ParsedFrame[];
  /** The `message` event bodies (no `event:` line), parsed, in order. */
  messages: Record<string, unknown>[];
  deltas: string[];
  final?: ChatFinalEvent;
  error?: ChatStreamError;
}

export function parseEvents(frames: ParsedFrame[]): ChatEvents {
  const data = frames.filter((f) => f.data !== undefined);
  // Deltas and the other message events have no `event:` line (SSE's default name).
  const messages = data
    .filter((f) => (f.event ?? 'message') === 'message')
    .map((f) => JSON.parse(f.data!) as Record<string, unknown>);
  const deltas = messages.filter((m) => typeof m['text'] === 'string' && !('final' in m));
  const errorFrame = data.find((f) => f.event === 'error');
  return {
    frames: data,
    messages,
    deltas: deltas.map((m) => m['text'] as string),
    final: messages.find((m) => m['final'] === true) as ChatFinalEvent | undefined,
    error: errorFrame ? (JSON.parse(errorFrame.data!) as ChatStreamError) : undefined,
  };
}

/** Sends a turn and reads the whole stream. */
export async function send(app: ChatApp, path: string, body: Record<string, unknown>, token = app.token) {
  const res = await post(app, token, path, body);
  if (res.status !== 200) return { status: res.status, body: await res.text(), events: parseEvents([]) };
  const frames = await sseReader(res.body!).rest();
  return { status: 200, body: '', events: parseEvents(frames) };
}

export const ask = (app: ChatApp, endpoint: string, body: Record<string, unknown>, token?: string) =>
  send(app, `${API.ask}/${endpoint}`, body, token);
export const edit = (app: ChatApp, endpoint: string, body: Record<string, unknown>, token?: string) =>
  send(app, `${API.edit}/${endpoint}`, body, token);

export async function messagesOf(
  app: ChatApp,
  conversationId: string,
  token = app.token,
): Promise<Message[]> {
  const res = await get(app, token, `${API.messages}/${conversationId}`);
  return (await res.json()) as Message[];
}

/** Polls until `check` holds (background work: titles, a job finishing after its client left). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A second instance over the first one's database, with its own Redis connection and the same key prefix: the
 * in-process version of two servers behind a load balancer (docs/architecture.md (Scale-out)).
 */
export async function startSecondInstance(
  first: ChatApp,
  sim: SimLike,
  options: { prefix: string; redisUrl: string },
): Promise<ChatApp> {
  const { prefix, redisUrl } = options;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const config = testConfig({
    providers: simProviders(sim),
    yaml: { version: '1.0.3', endpoints: { custom: [customEndpoint({ baseURL: `${sim.url}/custom/v1` })] } },
    messageLimits: NO_LIMITS,
    rateLimits: { rateLimitPrefix: prefix },
    redisUrl,
  });
  const app = await buildApp({ config, database: first.database, redis }, { checkResponses: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    config,
    database: first.database,
    redis,
    base,
    token: first.token,
    userId: first.userId,
    close: async () => {
      await app.close();
      redis.disconnect();
    },
  };
}

/** Starts a slow ask and reads up to its first delta; answers the reader and the conversation id. */
export async function startSlow(
  app: ChatApp,
  script: Record<string, unknown>,
  signal?: AbortSignal,
  question = 'Tell me',
) {
  const res = await post(
    app,
    app.token,
    `${API.ask}/openAI`,
    {
      text: `${question} ${sim(script)}`,
      parentMessageId: NIL_UUID,
      conversationId: null,
    },
    signal,
  );
  if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
  const reader = sseReader(res.body!);
  const created = (await reader.next())!;
  const conversationId = (JSON.parse(created.data!) as { message: Message }).message.conversationId;
  const first = (await reader.next())!;
  return { reader, conversationId, created, first };
}

/** The conversation id a send's `created` event names. */
export const conversationOf = (res: Awaited<ReturnType<typeof send>>): string =>
  (res.events.messages[0] as { message: { conversationId: string } }).message.conversationId;

/**
 * Sends `text` on `endpoint`, reads until the reply holds `until`, presses Stop (the abort route) and reads the stream
 * to its end: answers the abort's status and every event. A stream that ends before `until` fails the test.
 */
export async function stopMidReply(app: ChatApp, endpoint: string, text: string, until: string) {
  const res = await post(app, app.token, `${API.ask}/${endpoint}`, {
    parentMessageId: NIL_UUID,
    conversationId: null,
    text,
  });
  const reader = sseReader(res.body!);
  const frames: ParsedFrame[] = [];
  let shown = '';
  while (!shown.includes(until)) {
    const frame = await reader.next();
    if (!frame) throw new Error(`the stream ended before "${until}": ${shown}`);
    frames.push(frame);
    if (frame.data) shown += (JSON.parse(frame.data) as { text?: string }).text ?? '';
  }
  const conversationId = /"conversationId":"([^"]+)"/.exec(frames[0]!.data!)![1]!;
  const stop = await post(app, app.token, `${API.ask}/${endpoint}/abort`, {
    abortKey: `${conversationId}:last-message-id`,
    endpoint,
  });
  return { stopStatus: stop.status, events: parseEvents([...frames, ...(await reader.rest())]) };
}
