import { startBareRelay } from './bare-relay';

// node --import tsx bench/lib/bare-relay-cli.ts <upstream URL>: the bare relay in its own process; prints its URL.

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: bare-relay-cli.ts <upstream URL>');
const relay = await startBareRelay(upstream);
console.log(relay.url);

const stop = () => void relay.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The bench signals every server it measures when a profile is asked for (BENCH_PROFILE_SIGNAL); the bare relay
// has no profiler, and the signal's default action would end it mid-run.
const profileSignal = process.env.BENCH_PROFILE_SIGNAL as NodeJS.Signals | undefined;
if (profileSignal) process.on(profileSignal, () => {});
