import { startUpstream } from './upstream';

// node --import tsx bench/lib/upstream-cli.ts --tokens 100 --interval 50 --first 250 [--stamp]
// Starts the bench upstream in its own process and prints its URL; SIGTERM stops it.

function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`invalid --${name}`);
  return value;
}

const upstream = await startUpstream({
  tokens: numberArg('tokens', 100),
  intervalMs: numberArg('interval', 50),
  firstTokenDelayMs: numberArg('first', 250),
  stamp: process.argv.includes('--stamp'),
});
console.log(upstream.url);

const stop = () => void upstream.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
