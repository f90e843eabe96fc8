import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local service speaking the Bing chat protocol, as the relays behind Parley's bingAI endpoint do: `GET
 * /turing/conversation/create` with the cookie answers `{conversationId, clientId, conversationSignature, result}`;
 * the websocket `/sydney/ChatHub` speaks SignalR's JSON protocol (records end in `\x1e`): the handshake, then a
 * type-4 `chat` invocation answered by type-1 updates (the whole text so far), a type-2 result and a type-3
 * completion.
 *
 * Its reply says what it understood: "<tone> reply <invocationId> to: <text>", where the tone is read from the
 * option sets and the text is the message's, or, for a context-carrying (jailbreak) invocation, "context of N
 * turns". Directives in the question: `[[drop 2]]` (the socket closed after two updates), `[[throttled]]` (an
 * error result), `[[slow]]` (50 updates, one every 100 ms), `[[image]]` (the reply ends with an image-creation
 * iframe as the service embeds it, then a second one with a script inside, which a client must not run),
 * `[[silent]]` (the invocation is never answered). A
 * conversation id it did not create is an `InvalidSession` result.
 */

export interface BingInvocation {
  cookie: string | undefined;
  invocationId: string;
  target: string;
  argument: {
    optionsSets?: string[];
    isStartOfSession?: boolean;
    message?: { author?: string; text?: string; messageType?: string };
    conversationId?: string;
    conversationSignature?: string;
    participant?: { id?: string };
    previousMessages?: {
      author?: string;
      description?: string;
      contextType?: string;
      messageType?: string;
    }[];
  };
}

export interface BingChatHub {
  /** The service's origin (BINGAI_HOST). */
  url: string;
  /** The `_U` cookie it accepts. */
  token: string;
  creates: { cookie: string | undefined }[];
  invocations: BingInvocation[];
  close(): Promise<void>;
}

const RS = '\x1e';
/** The image-creation iframe the service embeds after a drawing, and a hostile look-alike. */
export const IMAGE_FRAME =
  '<iframe role="presentation" src="https://www.bing.com/images/create/async/results/1-sim?q=owl&amp;IG=SIM"></iframe>';
export const HOSTILE_FRAME =
  '<iframe role="presentation" src="https://www.bing.com/images/create/async/results/2-sim"><script>document.title="hacked"</script></iframe>';
const TONES: Record<string, string> = {
  h3imaginative: 'Creative',
  h3precise: 'Precise',
  galileo: 'Fast',
  harmonyv3: 'Balanced',
};

export async function startBingChatHub(options: { token?: string } = {}): Promise<BingChatHub> {
  const token = options.token ?? `bing-${randomUUID()}`;
  const conversations = new Map<string, { clientId: string; signature: string }>();
  const creates: BingChatHub['creates'] = [];
  const invocations: BingInvocation[] = [];
  const accepted = (cookie: string | undefined) => (cookie ?? '').split(/;\s*/).includes(`_U=${token}`);

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/turing/conversation/create') {
      res.writeHead(404).end();
      return;
    }
    creates.push({ cookie: req.headers.cookie });
    res.writeHead(200, { 'content-type': 'application/json' });
    if (!accepted(req.headers.cookie)) {
      res.end(
        JSON.stringify({
          result: {
            value: 'UnauthorizedRequest',
            message: 'Sorry, you need to login first to access this service.',
          },
        }),
      );
      return;
    }
    const conversationId = `51D|BingProd|${randomUUID()}`;
    const clientId = randomUUID();
    const signature = randomUUID();
    conversations.set(conversationId, { clientId, signature });
    res.end(
      JSON.stringify({
        conversationId,
        clientId,
        conversationSignature: signature,
        result: { value: 'Success', message: null },
      }),
    );
  });
  const hub = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (req.url !== '/sydney/ChatHub') return socket.destroy();
    hub.handleUpgrade(req, socket, head, (ws) => serve(ws, req.headers.cookie));
  });

  function serve(ws: WebSocket, cookie: string | undefined) {
    let shook = false;
    ws.on('message', (data) => {
      for (const part of data.toString().split(RS)) {
        if (!part) continue;
        const record = JSON.parse(part) as Record<string, unknown>;
        if (!shook) {
          shook = true;
          ws.send(`{}${RS}`);
          continue;
        }
        if (record['type'] !== 4) continue;
        const argument = (record['arguments'] as BingInvocation['argument'][])[0] ?? {};
        const invocation = {
          cookie,
          invocationId: String(record['invocationId']),
          target: String(record['target']),
          argument,
        };
        invocations.push(invocation);
        void answer(ws, invocation);
      }
    });
  }

  async function answer(ws: WebSocket, invocation: BingInvocation) {
    const { argument, invocationId } = invocation;
    const send = (record: unknown) => ws.send(`${JSON.stringify(record)}${RS}`);
    const known = conversations.get(argument.conversationId ?? '');
    if (
      !known ||
      known.signature !== argument.conversationSignature ||
      known.clientId !== argument.participant?.id
    ) {
      send({
        type: 2,
        invocationId,
        item: { result: { value: 'InvalidSession', message: 'The conversation was not found' } },
      });
      send({ type: 3, invocationId });
      return;
    }
    const text = argument.message?.text ?? '';
    const context = argument.previousMessages?.[0]?.description ?? '';
    if (`${text}${context}`.includes('[[silent]]')) return;
    if (context.includes('[[throttled]]') || text.includes('[[throttled]]')) {
      send({
        type: 2,
        invocationId,
        item: {
          result: { value: 'Throttled', message: 'Request is throttled.', error: 'Request is throttled.' },
        },
      });
      send({ type: 3, invocationId });
      return;
    }
    const tone = (argument.optionsSets ?? []).map((o) => TONES[o]).find(Boolean) ?? 'Unknown';
    const subject =
      argument.message?.messageType === 'SearchQuery'
        ? `context of ${(context.match(/\[(?:user|assistant)\]\(#message\)/g) ?? []).length} turns`
        : text.replace(/\[\[[^\]]*\]\]/g, '').trim();
    const slow = `${text}${context}`.includes('[[slow]]');
    const words = slow
      ? Array.from({ length: 50 }, (_, i) => `w${i + 1} `)
      : `${tone} reply ${invocationId} to: ${subject}`.split(/(?<= )/);
    if (`${text}${context}`.includes('[[image]]')) {
      words.push(`\n\n${IMAGE_FRAME}\n\n${HOSTILE_FRAME}`);
    }
    const drop = /\[\[drop (\d+)\]\]/.exec(`${text}${context}`);
    let said = '';
    for (let i = 0; i < words.length; i += 1) {
      if (ws.readyState !== ws.OPEN) return;
      if (drop && i === Number(drop[1])) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return ws.terminate();
      }
      said += words[i];
      send({ type: 1, target: 'update', arguments: [{ messages: [{ author: 'bot', text: said }] }] });
      if (slow) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    send({
      type: 2,
      invocationId,
      item: {
        messages: [
          { author: 'user', text },
          { author: 'bot', text: said, messageId: randomUUID() },
        ],
        result: { value: 'Success' },
      },
    });
    send({ type: 3, invocationId });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    creates,
    invocations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of hub.clients) client.terminate();
        hub.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
