import { encodeActionDomain } from '@parley/shared';
import type { ParsedFrame } from '../../lib/sse.test-helpers';
import { consent } from '../actions/action-oauth.test-helpers';
import { json, startLocalServer, testApiSpec, type LocalServer } from '../actions/local-api.test-helpers';
import { CLIENT_ID, CLIENT_SECRET, type LocalProvider } from '../actions/local-oauth-provider.test-helpers';

// Shared by the tests of an assistant's OAuth action in a chat (Parley's stream and LibreChat's); not part of the app.

/** The test API's `GET /v1/answer` as the assistant's model calls it. */
export const ANSWER_TOOL = `getAnswer_action_${encodeActionDomain('127.0.0.1')}`;
/** What the test API answers to a call that carries a bearer token. */
export const API_ANSWER = 'the answer is forty-two';

/** The test API (local-api.test-helpers.ts's schema) on 127.0.0.1: `/v1/answer` answers only with a bearer token. */
export function startAnswerApi(): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    if (!req.url.startsWith('/v1/answer')) return json(res, 404, { error: 'not_found' });
    if (!req.headers.authorization?.startsWith('Bearer ')) return json(res, 401, { error: 'no_token' });
    return json(res, 200, { answer: API_ANSWER });
  });
}

/** The body that saves the test API as an OAuth action signing in at `provider`. */
export const oauthActionBody = (provider: LocalProvider, api: LocalServer) => ({
  metadata: {
    raw_spec: testApiSpec(api.origin),
    auth: {
      type: 'oauth',
      authorization_url: `${provider.origin}/authorize`,
      client_url: `${provider.origin}/token`,
      scope: 'read',
      token_exchange_method: 'default_post',
    },
    oauth_client_id: CLIENT_ID,
    oauth_client_secret: CLIENT_SECRET,
  },
});

/**
 * What the user's browser does with a step's consent address: the local provider consents at once and sends it back
 * to the callback, which is fetched on `base` (the test app, whatever DOMAIN_SERVER says). `rewrite` changes the
 * callback's path or query first (a forged or mismatched callback).
 */
export async function followConsent(base: string, auth: string, rewrite: (callback: URL) => URL = (u) => u) {
  const { callback } = await consent(auth);
  const target = rewrite(callback);
  const res = await fetch(`${base}${target.pathname}${target.search}`);
  return { status: res.status, page: await res.text() };
}

/** A streamed tool step as an event carries it. */
export interface StreamedStep {
  type: 'tool_call';
  index: number;
  tool_call: { id: string; name?: string; output?: string | null; auth?: string; expires_at?: number };
}

/** Reads frames until one is a tool step that shows a consent address; answers it and the frames read. */
export async function untilConsentShown(reader: { next(): Promise<ParsedFrame | null> }) {
  const frames: ParsedFrame[] = [];
  for (let frame = await reader.next(); frame; frame = await reader.next()) {
    frames.push(frame);
    const data = frame.data ? (JSON.parse(frame.data) as Partial<StreamedStep>) : {};
    if (data.type === 'tool_call' && data.tool_call?.auth) return { step: data as StreamedStep, frames };
  }
  throw new Error('the stream ended before a step showed a consent address');
}

/** The tool steps among parsed frames, in order. */
export const stepsOf = (frames: ParsedFrame[]): StreamedStep[] =>
  frames
    .filter((f) => f.data !== undefined)
    .map((f) => JSON.parse(f.data!) as Partial<StreamedStep>)
    .filter((d): d is StreamedStep => d.type === 'tool_call');
