import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local service speaking the ChatGPT web backend's conversation call, as the relays behind Parley's
 * chatGPTBrowser endpoint do: `POST {url}` with `Authorization: Bearer <token>` and `{action: 'next', messages:
 * [{id, author: {role: 'user'}, content: {content_type: 'text', parts: [text]}}], model, conversation_id?,
 * parent_message_id}`, answered with `data: {message: {id, author, content: {parts: [<text so far>]}},
 * conversation_id, error}` frames and `data: [DONE]`.
 *
 * It keeps each conversation's messages, so a reply says how deep in its thread the question is ("Reply 2 to: …"):
 * a follow-up that names the right thread and parent is at depth 2, a regenerate of it at depth 2 again. A parent
 * the conversation does not hold is a 404, as the service answers. Directives in the question script it:
 * `[[status 401]]` (an error answer with `detail`), `[[error]]` (an `error` frame after one frame of text),
 * `[[cut 2]]` (the connection dropped after two frames), `[[slow]]` (a frame every 100 ms, 50 frames).
 */

export interface ChatGPTWebRequest {
  authorization: string | undefined;
  body: {
    action?: string;
    model?: string;
    conversation_id?: string;
    parent_message_id?: string;
    messages?: { id?: string; author?: { role?: string }; content?: { parts?: string[] } }[];
  };
}

export interface ChatGPTWeb {
  /** The conversation call's URL (CHATGPT_REVERSE_PROXY). */
  url: string;
  /** The token it accepts; any other is a 401. */
  token: string;
  requests: ChatGPTWebRequest[];
  close(): Promise<void>;
}

interface Thread {
  /** Message id → its depth in the thread (a user message and its reply share a depth). */
  depth: Map<string, number>;
}

export async function startChatGPTWeb(options: { token?: string } = {}): Promise<ChatGPTWeb> {
  const token = options.token ?? `web-${randomUUID()}`;
  const threads = new Map<string, Thread>();
  const requests: ChatGPTWebRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: ChatGPTWebRequest['body'];
      try {
        body = JSON.parse(raw) as ChatGPTWebRequest['body'];
      } catch {
        return answer(res, 400, { detail: 'Invalid JSON' });
      }
      requests.push({ authorization: req.headers.authorization, body });
      if (req.method !== 'POST' || req.url !== '/backend-api/conversation') {
        return answer(res, 404, { detail: 'Not Found' });
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return answer(res, 401, { detail: { message: 'Your authentication token has expired.' } });
      }
      const question = body.messages?.[0];
      const text = question?.content?.parts?.[0];
      if (body.action !== 'next' || typeof text !== 'string' || typeof question?.id !== 'string') {
        return answer(res, 422, { detail: 'Unprocessable request' });
      }
      const status = /\[\[status (\d{3})\]\]/.exec(text);
      if (status) return answer(res, Number(status[1]), { detail: `Simulated ${status[1]}` });
      let conversationId = body.conversation_id;
      let depth = 1;
      if (conversationId) {
        const thread = threads.get(conversationId);
        const parentDepth = thread?.depth.get(body.parent_message_id ?? '');
        if (!thread || parentDepth === undefined)
          return answer(res, 404, { detail: 'Conversation not found' });
        depth = parentDepth + 1;
      } else {
        conversationId = randomUUID();
        threads.set(conversationId, { depth: new Map() });
      }
      const thread = threads.get(conversationId)!;
      thread.depth.set(question.id, depth);
      const replyId = randomUUID();
      thread.depth.set(replyId, depth);
      void stream(res, { conversationId, replyId, text, depth });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backend-api/conversation`,
    token,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function stream(
  res: http.ServerResponse,
  turn: { conversationId: string; replyId: string; text: string; depth: number },
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const slow = turn.text.includes('[[slow]]');
  const words = slow
    ? Array.from({ length: 50 }, (_, i) => `w${i + 1} `)
    : `Reply ${turn.depth} to: ${turn.text.replace(/\[\[[^\]]*\]\]/g, '').trim()}`.split(/(?<= )/);
  const cut = /\[\[cut (\d+)\]\]/.exec(turn.text);
  const failAfter = turn.text.includes('[[error]]') ? 1 : null;
  let said = '';
  for (let i = 0; i < words.length; i += 1) {
    if (res.destroyed) return;
    if (cut && i === Number(cut[1])) {
      // What was written reaches the client first; then the connection drops without `[DONE]`.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return void res.socket?.destroy();
    }
    if (failAfter !== null && i === failAfter) {
      write(res, {
        message: null,
        conversation_id: turn.conversationId,
        error: 'Something went wrong (simulated)',
      });
      return void res.end();
    }
    said += words[i];
    write(res, {
      message: {
        id: turn.replyId,
        author: { role: 'assistant' },
        content: { content_type: 'text', parts: [said] },
        status: 'in_progress',
      },
      conversation_id: turn.conversationId,
      error: null,
    });
    if (slow) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  res.end('data: [DONE]\n\n');
}

function write(res: http.ServerResponse, frame: unknown): void {
  res.write(`data: ${JSON.stringify(frame)}\n\n`);
}
