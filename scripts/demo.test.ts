import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@parley/server/testing';
import { API, DELTA_FRAMES, NIL_UUID, STREAM_FRAMES_HEADER } from '@parley/shared';

// `npm run demo` minus its web build (the script runs `npm run build` first, then exactly this command).
const ROOT = resolve(import.meta.dirname, '..');
const DEMO = 'Demo (simulator)';
const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function startDemo(env: Record<string, string>) {
  // Only what is given: a provider key in the runner's environment must not leak into the demo.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void (child.exitCode === null && child.kill('SIGKILL')));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const banner = new Promise<{ url: string; simUrl: string }>((done, fail) => {
    child.stdout!.on('data', () => {
      const url = /Parley demo is running: (http:\/\/\S+)/.exec(stdout)?.[1];
      const simUrl = /local simulator\s+\((http:\/\/[^)\s]+)\)/.exec(stdout)?.[1];
      if (url && simUrl) done({ url, simUrl });
    });
    void exited.then((code) => fail(new Error(`demo exited ${code} before its banner: ${stderr}`)));
  });
  return { child, exited, banner, output: () => ({ stdout, stderr }) };
}

/** The SSE body of a finished stream, as `{event, data}` frames. */
function frames(body: string): Array<{ event: string; data: string }> {
  return body
    .split('\n\n')
    .map((raw) => {
      const lines = raw.split('\n');
      // `field:value`, one optional space after the colon (Parley sends none).
      const value = (l: string) => l.slice(l.indexOf(':') + 1).replace(/^ /, '');
      const eventLine = lines.find((l) => l.startsWith('event:'));
      const event = eventLine ? value(eventLine) : 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map(value)
        .join('\n');
      return { event, data };
    })
    .filter((f) => f.data !== '');
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return false;
  } catch {
    return true;
  }
}

describe('npm run demo', () => {
  it('serves a labelled simulated endpoint that streams a reply, and stops both on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-demo-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const demo = startDemo({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const { url, simUrl } = await demo.banner;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(demo.output().stdout).toContain('Replies are SIMULATED');
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'parley.demo.yaml'), 'utf8')).toContain(`baseURL: "${simUrl}/v1"`);

    // Phone sign-in works without an SMS account: the code is printed in the demo's output.
    const sent = await fetch(`${url}${API.sendVerifyCode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '13800138000' }),
    });
    expect(sent.status).toBe(200);
    // The server's log reaches the demo's output on its own pipe, a moment after the answer.
    await vi.waitFor(() => expect(demo.output().stdout).toMatch(/sign-in code for 13800138000 is \d{6}/));

    const registered = await fetch(`${url}${API.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Demo User',
        email: 'demo@example.com',
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    // Forgot password without a mail server: the demo turns PASSWORD_RESET_LINK_IN_RESPONSE on, so the link comes
    // back in the answer (a server started without it keeps the link in its log).
    const reset = await fetch(`${url}/api/auth/requestPasswordReset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com' }),
    });
    const { link } = (await reset.json()) as { link?: string };
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/reset-password\\?token=[0-9a-f]{64}&userId=`));
    const auth = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [STREAM_FRAMES_HEADER]: DELTA_FRAMES,
    };

    const endpoints = (await (await fetch(`${url}${API.endpoints}`, { headers: auth })).json()) as Record<
      string,
      { type: string; userProvide: boolean; modelDisplayLabel?: string }
    >;
    // Only the demo endpoint: no key was set in the environment.
    expect(Object.keys(endpoints)).toEqual([DEMO]);
    expect(endpoints[DEMO]).toMatchObject({ type: 'custom', userProvide: false, modelDisplayLabel: 'Demo' });
    const models = (await (await fetch(`${url}${API.models}`, { headers: auth })).json()) as Record<
      string,
      string[]
    >;
    expect(models[DEMO]).toEqual(['demo-chat', 'demo-chat-mini']);

    const asked = await fetch(`${url}${API.ask}/${encodeURIComponent(DEMO)}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        text: 'Hello demo',
        conversationId: null,
        parentMessageId: NIL_UUID,
        endpoint: DEMO,
        model: 'demo-chat',
      }),
    });
    expect(asked.status).toBe(200);
    const events = frames(await asked.text());
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    const deltas = events
      .map((e) => JSON.parse(e.data) as { text?: string; messageId?: string; final?: boolean })
      // A delta is a frame with text that is not the final one (only the first names its messageId).
      .filter((e) => typeof e.text === 'string' && !e.final);
    expect(deltas.length).toBeGreaterThan(1); // streamed, not one block
    const final = JSON.parse(events.at(-1)!.data) as {
      final: boolean;
      responseMessage: { text: string };
      conversation: { conversationId: string };
    };
    expect(final.final).toBe(true);
    expect(final.responseMessage.text).toBe(
      'Hello from the simulated demo-chat. This is a deterministic reply.',
    );
    expect(deltas.map((d) => d.text).join('')).toBe(final.responseMessage.text);
    // The demo's endpoint asks no title model: the conversation is titled with the question, as the web asks for it
    // after the first reply (docs/decisions.md, "Everyday chat (names and titles)").
    const { conversationId } = final.conversation;
    const titled = await fetch(`${url}${API.convosGenTitle}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ conversationId }),
    });
    expect(await titled.json()).toEqual({ title: 'Hello demo' });

    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
    // The demo waits for the server child before exiting, and closes its in-process simulator.
    expect(demo.output().stdout).toContain('Parley demo stopped (server exit code 0).');
    expect(await refused(`${url}/health`)).toBe(true);
    expect(await refused(`${simUrl}/_sim/requests`)).toBe(true);
    expect(existsSync(join(dataDir, 'parley.db'))).toBe(true);
  }, 30_000);
});
