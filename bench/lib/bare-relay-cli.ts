import { startBareRelay } from './bare-relay';

// node --import tsx bench/lib/bare-relay-cli.ts <upstream URL>: the bare relay in its own process; prints its URL.

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: bare-relay-cli.ts <upstream URL>');
const relay = await startBareRelay(upstream);
console.log(relay.url);

const stop = () => void relay.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
