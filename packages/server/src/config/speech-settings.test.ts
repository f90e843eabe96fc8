import { describe, expect, it } from 'vitest';
import { yamlConfigSchema, type YamlConfig } from './yaml.schema';
import { readSpeechSettings } from './speech-settings';

const parse = (speech: unknown) => yamlConfigSchema.safeParse({ version: '1.0.3', speech });

describe('speech settings', () => {
  it('takes a base URL, a full call URL, or none (OpenAI’s)', () => {
    const yaml = parse({
      tts: { openai: { url: 'http://tts.local/v1/', apiKey: 'k', model: 'tts-1', voices: ['alloy'] } },
      stt: { openai: { apiKey: 'k', model: 'whisper-1' } },
    }).data as YamlConfig;
    const settings = readSpeechSettings(yaml);
    expect(settings.tts?.url).toBe('http://tts.local/v1/audio/speech');
    expect(settings.stt?.url).toBe('https://api.openai.com/v1/audio/transcriptions');
    const full = parse({
      stt: { openai: { url: 'http://w.local/v1/audio/transcriptions', apiKey: 'k', model: 'whisper-1' } },
    }).data as YamlConfig;
    expect(readSpeechSettings(full)).toEqual({
      tts: null,
      stt: { url: 'http://w.local/v1/audio/transcriptions', apiKey: 'k', model: 'whisper-1' },
    });
    expect(readSpeechSettings(null)).toEqual({ tts: null, stt: null });
  });

  it('refuses a provider without its model, key or voices, naming the field', () => {
    const result = parse({ tts: { openai: { apiKey: 'k', model: 'tts-1', voices: [] } } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['speech', 'tts', 'openai', 'voices']);
    expect(parse({ stt: { openai: { apiKey: 'k', url: 'ftp://x' } } }).success).toBe(false);
  });
});
