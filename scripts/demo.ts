import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnServer, waitForHealth } from '@parley/server/testing';
import { startSim, type Sim } from '@parley/sim';

// `npm run demo`: Parley with no provider account at all. The simulator runs in this process and the server
// runs as `npm run serve` does, with one clearly labelled custom endpoint pointed at the simulator. Keys set in
// the environment still work alongside it. See docs/decisions.md ("The demo").

const DEMO_ENDPOINT = 'Demo (simulator)';
const DEMO_MODELS = ['demo-chat', 'demo-chat-mini'];
const REAL_KEYS: Array<[string, string]> = [
  ['OPENAI_API_KEY', 'OpenAI'],
  ['AZURE_API_KEY', 'Azure OpenAI'],
  ['ANTHROPIC_API_KEY', 'Anthropic'],
  ['GOOGLE_KEY', 'Google'],
];

const env = process.env;
const set = (name: string) => Boolean(env[name]?.trim());

const dataDir = resolve(env.DATA_DIR?.trim() || 'data/demo');
const configPath = join(dataDir, 'parley.demo.yaml');
const port = env.PORT?.trim() || '3080';
const host = env.HOST?.trim() || 'localhost';
// A wildcard address listens everywhere; the banner and the health check use loopback.
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
const url = `http://${shownHost}:${port}`;

/**
 * Rewritten on every start: the simulator's port changes from run to run. No `titleConvo`: the simulator would
 * give every conversation the same title, so each is titled with its first question (docs/decisions.md,
 * "Everyday chat (names and titles)").
 */
function writeDemoConfig(simUrl: string): void {
  mkdirSync(dataDir, { recursive: true });
  const yaml = [
    '# Written by `npm run demo` on every start; edits here are overwritten.',
    'version: 1.0.3',
    'endpoints:',
    '  custom:',
    `    - name: "${DEMO_ENDPOINT}"`,
    '      apiKey: "demo"',
    `      baseURL: "${simUrl}/v1"`,
    '      models:',
    `        default: [${DEMO_MODELS.map((m) => `"${m}"`).join(', ')}]`,
    '      modelDisplayLabel: "Demo"',
    '',
  ];
  writeFileSync(configPath, yaml.join('\n'));
}

function startServer(): ChildProcess {
  return spawnServer({
    // Its own process group: Ctrl+C reaches only this process, which stops the server exactly once (a
    // second signal would make the server skip its graceful stop).
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      CONFIG_PATH: configPath,
      PORT: port,
      HOST: host,
      // Quiet by default so the banner stays readable; LOG_LEVEL=info shows the usual request log.
      LOG_LEVEL: env.LOG_LEVEL?.trim() || 'warn',
      // Phone sign-in without an SMS account: the codes are written to this terminal's log.
      SMS_PROVIDER: env.SMS_PROVIDER?.trim() || 'log',
      // Credits, cards and the recharge dialog, paid on a local page: no money moves.
      CHECK_BALANCE: env.CHECK_BALANCE?.trim() || 'true',
      PAYMENT_PROVIDER: env.PAYMENT_PROVIDER?.trim() || 'dev',
      // Forgot password without a mail server: the page shows the reset link itself. Fine on one's own machine;
      // the server refuses it in production, so there it stays off unless asked for.
      PASSWORD_RESET_LINK_IN_RESPONSE:
        env.PASSWORD_RESET_LINK_IN_RESPONSE?.trim() || (env.NODE_ENV === 'production' ? 'false' : 'true'),
    },
  });
}

/** True once /health answers; false when the server exited first (it has said why) or never answered. */
async function serverHealthy(server: ChildProcess): Promise<boolean> {
  const health = await waitForHealth(url, server, 60_000);
  if (health === 'timeout') console.error(`Parley demo: no answer from ${url}/health within 60 s`);
  return health === 'healthy';
}

function banner(sim: Sim): string {
  const real = REAL_KEYS.filter(([name]) => set(name)).map(([, label]) => label);
  const lines = [
    '',
    `  Parley demo is running: ${url}`,
    '',
    `  Replies are SIMULATED: the "${DEMO_ENDPOINT}" endpoint talks to a local simulator`,
    `  (${sim.url}), not to a real model, and nothing leaves this machine.`,
    '  Sign up with a phone number: its code is printed here ("sign-in code for …"),',
    '  or with any e-mail address ("Sign up with email instead"), then start chatting.',
    '  Forgot password shows the reset link on the page (PASSWORD_RESET_LINK_IN_RESPONSE): for this trial only.',
    '  For a long, slow reply, add [[sim {"tokens": 200, "rate": 20}]] to a message.',
    '  Credits are on: buy a pack or a card from the user menu (Recharge); the payment page is',
    '  a local stand-in ("Dev payment"), so no money moves.',
    ...(real.length ? [`  Real providers from your environment are offered too: ${real.join(', ')}.`] : []),
    '',
    `  Data: ${dataDir}`,
    '  Stop: Ctrl+C',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  // A few words per reply at a readable pace, so the streaming is visible.
  const sim = await startSim({ port: 0, host: '127.0.0.1', defaults: { rate: 30, firstTokenDelayMs: 300 } });
  writeDemoConfig(sim.url);
  const server = startServer();
  const exited = new Promise<number>((done) =>
    server.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0))),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // `npm run demo` runs this under `sh -c`, which does not pass on a SIGTERM sent to npm; the shell just dies.
  // Losing the parent means whoever started the demo has gone, so stop then too.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 1000).unref();
  // Whatever ends this process, the detached server must not outlive it.
  process.once('exit', () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });

  const healthy = await serverHealthy(server);
  if (!healthy) stop();
  else if (!stopping) console.log(banner(sim));
  const code = await exited;
  await sim.close();
  console.log(`Parley demo stopped (server exit code ${code}).`);
  // Stopped on request: the server's own code. Otherwise the start failed or the server died: never 0.
  process.exit(healthy && stopping ? code : code || 1);
}

await main();
