import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { API, DELTA_FRAMES, NIL_UUID, STREAM_FRAMES_HEADER } from '@parley/shared';
import type { DialectName } from '../../packages/server/src/db/database';
import type { McpServersConfig } from '../../packages/server/src/config/mcp-servers.schema';
import { buildApp } from '../../packages/server/src/app';
import { testConfig } from '../../packages/server/test/app.test-helpers';
import { freshBenchDatabase, type BenchDatabase } from './databases';
import { newUser } from '../../packages/server/test/factories.test-helpers';

// Shared by the streaming benches (relay-overhead, wire-bytes, concurrent-streams): the real app listening on
// loopback over a fresh database, an upstream speaking OpenAI Chat Completions, and a raw HTTP + SSE client.

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Message limits off, so one user may run as many generations at once as the bench needs. */
const NO_MESSAGE_LIMITS = {
  limitConcurrentMessages: false,
  concurrentMessageMax: 100_000,
  limitMessageIp: false,
  messageIpMax: 1_000_000,
  messageIpWindowMinutes: 1,
  limitMessageUser: false,
  messageUserMax: 1_000_000,
  messageUserWindowMinutes: 1,
};

export interface ChatBenchApp {
  base: string;
  token: string;
  close(): Promise<void>;
}

/** An app in this process: its user's id and its database too (to give the user credits). */
export interface LocalChatBenchApp extends ChatBenchApp {
  userId: string;
  database: BenchDatabase;
}

/**
 * buildApp over a fresh database of `dialect`, OpenAI pointed at `upstreamUrl`, listening, with a user. `overrides`
 * change the test config (e.g. the balance on, or the YAML's MCP servers: `mcpBenchConfig`).
 */
/** The test config's overrides that give the app these MCP servers (the MCP benches), as the loader reads them. */
export const mcpBenchConfig = (mcpServers: McpServersConfig): Parameters<typeof testConfig>[0] => ({
  yaml: { version: '1.0.3', mcpServers },
});

export async function startChatBenchApp(
  dialect: DialectName,
  upstreamUrl: string,
  label: string,
  overrides: Parameters<typeof testConfig>[0] = {},
): Promise<LocalChatBenchApp> {
  const database = await freshBenchDatabase(dialect, label);
  try {
    const config = testConfig({
      providers: { openAI: { apiKey: 'sk-bench', reverseProxy: `${upstreamUrl}/v1` } },
      messageLimits: NO_MESSAGE_LIMITS,
      rateLimits: {
        loginMax: 100_000,
        registerMax: 100_000,
        rateLimitPrefix: `parley-bench:${randomBytes(6).toString('hex')}:`,
      },
      ...overrides,
    });
    const app = await buildApp({ config, database, redis: null });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token, user } = await newUser(app);
    return {
      base,
      token,
      userId: user.id,
      database,
      close: async () => {
        await app.close();
        await database.cleanup();
      },
    };
  } catch (error) {
    await database.cleanup();
    throw error;
  }
}

/** One chunk of a response body as it arrived, stamped with performance.now() in the 'data' handler. */
export interface Arrival {
  at: number;
  data: Buffer;
}

export interface RawStream {
  status: number;
  arrivals: Arrival[];
  /** Raw bytes of the response body (what went over the wire after the headers, chunked framing aside). */
  bytes: number;
}

/**
 * POST /api/ask/openAI over node:http; the 'data' handler only stamps and keeps each chunk, so a thousand
 * of these cost the event loop under test as little as possible. Parse afterwards with `framesOf`.
 */
export function askRaw(
  app: ChatBenchApp,
  body: Record<string, unknown>,
  agent: http.Agent,
  endpoint = 'openAI',
): Promise<RawStream> {
  const payload = JSON.stringify({ parentMessageId: NIL_UUID, conversationId: null, ...body });
  const url = new URL(`${API.ask}/${endpoint}`, app.base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${app.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          // The lean frames Parley's web app asks for: what the budgets measure.
          [STREAM_FRAMES_HEADER]: DELTA_FRAMES,
        },
      },
      (res) => {
        const arrivals: Arrival[] = [];
        let bytes = 0;
        res.on('data', (data: Buffer) => {
          arrivals.push({ at: performance.now(), data });
          bytes += data.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, arrivals, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Frame {
  /** Arrival of the chunk that completed this frame. */
  at: number;
  event: string;
  data: string;
}

/** The SSE frames of a stream (comments and blank frames dropped), each with its arrival time. */
export function framesOf(stream: RawStream): Frame[] {
  const decoder = new StringDecoder('utf8');
  const frames: Frame[] = [];
  let buffer = '';
  for (const { at, data } of stream.arrivals) {
    buffer += decoder.write(data);
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const raw = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of raw.split('\n')) {
        // `field:value` with one optional space after the colon (Parley sends none).
        const value = line.slice(line.indexOf(':') + 1).replace(/^ /, '');
        if (line.startsWith('event:')) event = value;
        else if (line.startsWith('data:')) data.push(value);
      }
      if (data.length > 0) frames.push({ at, event, data: data.join('\n') });
    }
  }
  return frames;
}

export interface ChatStream {
  frames: Frame[];
  created?: Frame;
  /** The `{text}` deltas in order (the first also names the message), with their arrival. */
  texts: { at: number; text: string }[];
  final?: {
    at: number;
    text: string;
    conversationId: string;
    messageId: string;
  };
  error?: string;
}

/** The chat events of a stream: created, text deltas, final (with the saved reply's text). */
export function chatEventsOf(stream: RawStream): ChatStream {
  const frames = framesOf(stream);
  const out: ChatStream = { frames, texts: [] };
  for (const frame of frames) {
    if (frame.event === 'error') {
      out.error = frame.data;
      continue;
    }
    const body = JSON.parse(frame.data) as Record<string, unknown>;
    if (body['created'] === true) out.created = frame;
    else if (body['final'] === true) {
      const reply = body['responseMessage'] as { text: string; messageId: string; conversationId: string };
      out.final = {
        at: frame.at,
        text: reply.text,
        conversationId: reply.conversationId,
        messageId: reply.messageId,
      };
    } else if (typeof body['text'] === 'string') {
      out.texts.push({ at: frame.at, text: body['text'] });
    }
  }
  return out;
}

/** A child process that prints its URL on the first stdout line (the sim CLI, the bench upstream). */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startChildServer(script: string, args: string[]): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`${script} exited (${String(code)}) before printing its URL`)),
    );
  });
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
