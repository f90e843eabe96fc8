import { describe, expect, it } from 'vitest';
import { entryFields, fromEntry } from './job-store.redis-entry';

describe('job events as Redis stream entries', () => {
  it('keeps the kind beside the body, and reads it back as it was', () => {
    for (const kind of ['created', 'text', 'part', 'final', 'error'] as const) {
      const event = { id: '1-0', kind, data: '{"text":"same body for every kind"}' };
      expect(fromEntry('1-0', entryFields(event))).toEqual(event);
    }
  });

  it('writes the SSE event name and the body where instances before event kinds read them (fields 1 and 3)', () => {
    expect(entryFields({ id: '1-0', kind: 'error', data: '{"text":"x"}' })).toEqual([
      'e',
      'error',
      'd',
      '{"text":"x"}',
      'k',
      'error',
    ]);
    expect(entryFields({ id: '1-0', kind: 'final', data: '{}' }).slice(0, 2)).toEqual(['e', 'message']);
  });

  it("reads an entry an older instance wrote (no kind) by its body's flags", () => {
    const old = (event: string, data: string) => fromEntry('1-0', ['e', event, 'd', data]).kind;
    expect(old('message', '{"created":true,"message":{}}')).toBe('created');
    expect(old('message', '{"final":true}')).toBe('final');
    expect(old('message', '{"type":"tool_call","index":0}')).toBe('part');
    expect(old('message', '{"text":"a"}')).toBe('text');
    expect(old('error', '{"text":"failed"}')).toBe('error');
  });
});
