import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '@parley/sim';
import {
  registerUser,
  savedMessages,
  slowPrompt,
  startReply,
  tokenCount,
} from './faults/parley-client.test-helpers';
import { startServer, type ServerProcess } from './server-process';

// Graceful stop of the compiled server (as `npm start` and the Docker image run it): SIGTERM in the middle of a
// reply stops the reply (its stream ends with the final event), saves its text so far marked unfinished, and
// the process exits well before shutdown's time limit; the next start serves the saved text.

describe('the compiled server stopped mid-reply', () => {
  let sim: Awaited<ReturnType<typeof startSim>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    sim = await startSim();
  });

  afterAll(async () => {
    // The first server's data folder is the second's too: stop the second before the first removes it.
    for (const server of servers.reverse()) await server.stop();
    await sim?.close();
  });

  it('saves the text streamed so far, and the next start serves it', async () => {
    const env = {
      OPENAI_API_KEY: 'sk-shutdown',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      TITLE_CONVO: 'false',
      LOG_LEVEL: 'fatal',
    };
    const first = await startServer(env, { compiled: true });
    servers.push(first);
    const client = await registerUser(first.baseUrl);
    const reply = await startReply(client, slowPrompt(400, 20));
    await reply.waitForDeltas(5);

    process.kill(first.pid, 'SIGTERM');
    // The stream ends with its final event (the job was stopped), not cut by the process exiting.
    const events = await reply.end();
    expect(events.final).toBeDefined();
    // A clean stop: exit 0, not shutdown.ts's forced exit 1 after its 10 s limit, nor the watchdog's kill (null).
    expect(await first.exited).toBe(0);
    const streamed = events.deltas.join('');

    const second = await startServer({ ...env, DATA_DIR: first.dataDir }, { compiled: true });
    servers.push(second);
    const saved = await savedMessages({ ...client, baseUrl: second.baseUrl }, reply.conversationId);
    const answer = saved.find((m) => !m.isCreatedByUser);
    expect(answer?.unfinished).toBe(true);
    expect(tokenCount(answer!.text)).toBeGreaterThanOrEqual(Math.max(5, tokenCount(streamed)));
    expect(tokenCount(answer!.text)).toBeLessThan(400);
  });
});
