import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readAssistantsSettings, readEmbeddingsSettings } from './assistants-settings';

// docs/reference/assistants.md (Embeddings)

describe('embeddings settings', () => {
  it('are off without EMBEDDINGS_MODEL, whatever else is set', () => {
    expect(
      readEmbeddingsSettings({ RAG_OPENAI_BASEURL: 'http://emb.local/v1', RAG_OPENAI_API_KEY: 'k' }),
    ).toBeNull();
  });

  it("read LibreChat's RAG variables, with OpenAI's API and the operator's OpenAI key by default", () => {
    expect(
      readEmbeddingsSettings({ EMBEDDINGS_MODEL: 'text-embedding-3-small', OPENAI_API_KEY: 'sk-op' }),
    ).toEqual({
      model: 'text-embedding-3-small',
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-op',
      dimensions: undefined,
    });
    expect(
      readEmbeddingsSettings({
        EMBEDDINGS_MODEL: 'bge-m3',
        RAG_OPENAI_BASEURL: 'http://10.0.0.5:11434/v1/',
        RAG_OPENAI_API_KEY: 'sk-rag',
        OPENAI_API_KEY: 'sk-op',
        EMBEDDINGS_DIMENSIONS: '512',
      }),
    ).toEqual({ model: 'bge-m3', baseURL: 'http://10.0.0.5:11434/v1', apiKey: 'sk-rag', dimensions: 512 });
  });

  it('never send a user_provided placeholder as the key', () => {
    expect(
      readEmbeddingsSettings({ EMBEDDINGS_MODEL: 'm', OPENAI_API_KEY: 'user_provided' })?.apiKey,
    ).toBeUndefined();
  });

  it('stop the start on a bad URL or size, naming the variable', () => {
    expect(() => readEmbeddingsSettings({ EMBEDDINGS_MODEL: 'm', RAG_OPENAI_BASEURL: 'ftp://x' })).toThrow(
      ConfigError,
    );
    expect(() => readEmbeddingsSettings({ EMBEDDINGS_MODEL: 'm', EMBEDDINGS_DIMENSIONS: 'big' })).toThrow(
      /EMBEDDINGS_DIMENSIONS/,
    );
  });

  it('belong to the assistants endpoint: none while it is off', () => {
    const env = { EMBEDDINGS_MODEL: 'm' };
    expect(readAssistantsSettings(null, env)).toBeNull();
    const yaml = {
      version: '1.0.3',
      endpoints: { assistants: { models: { default: ['gpt-4o'] } } },
    } as never;
    expect(readAssistantsSettings(yaml, env)?.embeddings?.model).toBe('m');
  });
});
