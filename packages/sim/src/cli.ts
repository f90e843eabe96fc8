import { startSim } from './server';

/** `--port N` (or `--port=N`); 3090 by default so the demo config can name a fixed upstream. */
function portArg(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return 3090;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port: ${String(raw)}`);
  return port;
}

function hostArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--host' || a.startsWith('--host='));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
}

const argv = process.argv.slice(2);
const sim = await startSim({ port: portArg(argv), host: hostArg(argv) });
console.log(sim.url);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
