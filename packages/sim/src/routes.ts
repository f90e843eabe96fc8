import type { Protocol } from './protocol';
import { anthropicProtocol } from './protocols/anthropic.protocol';
import { geminiProtocol } from './protocols/gemini.protocol';
import type { ModelFamily } from './protocols/models';
import { openaiProtocol } from './protocols/openai.protocol';
import type { SimProvider } from './types';

export type Route =
  | { kind: 'generate'; provider: SimProvider; protocol: Protocol; params: Record<string, string> }
  | { kind: 'models'; provider: SimProvider; family: ModelFamily }
  | { kind: 'log' };

const openai = openaiProtocol('openai');
const azure = openaiProtocol('azure');

const GEMINI_GENERATE = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const AZURE_DEPLOYMENT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
const AZURE_V1 = /^\/openai(?:\/v1)?\/chat\/completions$/;
const AZURE_MODELS = /^\/openai(?:\/v1)?\/models$/;

/**
 * Which protocol a request speaks, decided by path (and, for the ambiguous `GET /v1/models`, by
 * Anthropic's own headers). Order matters: the specific shapes come before the catch-all suffixes.
 */
export function matchRoute(method: string, path: string, headers: Record<string, string>): Route | undefined {
  if (path === '/_sim/requests') return method === 'GET' || method === 'DELETE' ? { kind: 'log' } : undefined;
  if (method === 'POST') return matchPost(path);
  if (method !== 'GET') return undefined;
  if (path === '/v1beta/models') return { kind: 'models', provider: 'gemini', family: 'gemini' };
  if (AZURE_MODELS.test(path)) return { kind: 'models', provider: 'azure', family: 'openai' };
  if (!path.endsWith('/models')) return undefined;
  if (headers['anthropic-version'] !== undefined || headers['x-api-key'] !== undefined) {
    return { kind: 'models', provider: 'anthropic', family: 'anthropic' };
  }
  return {
    kind: 'models',
    provider: path === '/v1/models' ? 'openai' : 'openai-compatible',
    family: 'openai',
  };
}

function matchPost(path: string): Route | undefined {
  const gemini = GEMINI_GENERATE.exec(path);
  if (gemini) {
    const params = { model: decodeURIComponent(gemini[1]!), action: gemini[2]! };
    return { kind: 'generate', provider: 'gemini', protocol: geminiProtocol, params };
  }
  const deployment = AZURE_DEPLOYMENT.exec(path);
  if (deployment) {
    const params = { deployment: decodeURIComponent(deployment[1]!) };
    return { kind: 'generate', provider: 'azure', protocol: azure, params };
  }
  if (AZURE_V1.test(path)) return { kind: 'generate', provider: 'azure', protocol: azure, params: {} };
  if (path.endsWith('/messages')) {
    return { kind: 'generate', provider: 'anthropic', protocol: anthropicProtocol, params: {} };
  }
  if (path.endsWith('/chat/completions')) {
    const provider = path === '/v1/chat/completions' ? 'openai' : 'openai-compatible';
    return { kind: 'generate', provider, protocol: openai, params: {} };
  }
  return undefined;
}
