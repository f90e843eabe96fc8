// Unit tests reach no address outside this machine: a fetch to any other host fails at once, as it would offline.
// Code that asks a provider by default (the built-in endpoints' model lists) then takes its fallback, and a test
// that forgot to point a provider at the simulator cannot send traffic out.
// The test files of a worker share its modules (vitest.config.ts, isolate: false) but this file runs before each:
// the fetch it wraps is kept on the first run, so the wrapper is never wrapped again.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const REAL_FETCH = Symbol.for('parley.unit.realFetch');
const holder = globalThis as unknown as Record<symbol, typeof fetch | undefined>;
const realFetch = (holder[REAL_FETCH] ??= globalThis.fetch);

globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
  // A relative path (a web test's '/api/...') is the page's own origin: this machine.
  const url = new URL(
    typeof input === 'string' || input instanceof URL ? input : input.url,
    'http://localhost',
  );
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !LOOPBACK.test(url.hostname)) {
    return Promise.reject(new TypeError(`fetch failed: ${url.host} is outside this machine (unit tests)`));
  }
  return realFetch(input, init);
}) as typeof fetch;
