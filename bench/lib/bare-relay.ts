import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The concurrent-streams bench's yardstick: the least a relay of an OpenAI stream to an SSE client can do on
// Node, in a process of its own. No database, no sign-in, no SDK, no job store, no coalescing: a request opens a
// stream to the upstream, `created` goes out when the upstream answers, each chunk's text is forwarded as one
// `{"text":…}` frame as it arrives, and `final` carries the whole text. Its frames are the shape the bench reads
// from Parley (created, text deltas, final with `responseMessage.text`), so both are measured the same way.

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    req.on('data', () => {});
    req.on('end', resolve);
    req.on('error', reject);
  });
}

async function relay(upstream: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await drain(req);
  const conversationId = randomUUID();
  const messageId = randomUUID();
  const body = JSON.stringify({
    model: 'gpt-bench',
    stream: true,
    messages: [{ role: 'user', content: 'hi' }],
  });
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const call = http.request(
      new URL('/v1/chat/completions', upstream),
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      resolve,
    );
    call.on('error', reject);
    call.end(body);
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(`data:${JSON.stringify({ created: true, message: { conversationId, text: 'hi' } })}\n\n`);
  let text = '';
  let buffer = '';
  answer.setEncoding('utf8');
  for await (const piece of answer as AsyncIterable<string>) {
    buffer += piece;
    let out = '';
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] };
      const delta = chunk.choices?.[0]?.delta?.content;
      if (!delta) continue;
      text += delta;
      out += `data:${JSON.stringify({ text: delta })}\n\n`;
    }
    if (out !== '') res.write(out);
  }
  res.end(
    `data:${JSON.stringify({ final: true, responseMessage: { text, messageId, conversationId } })}\n\n`,
  );
}

export async function startBareRelay(upstreamUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(upstreamUrl);
  const server = http.createServer({ noDelay: true, keepAliveTimeout: 60_000 }, (req, res) => {
    relay(upstream, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(`event:error\ndata:${JSON.stringify({ text: String(error) })}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
