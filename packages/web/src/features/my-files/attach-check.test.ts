import { describe, expect, it } from 'vitest';
import { MB, mergeFileConfig, fileLimitsFor, type EndpointFileLimits } from '@parley/shared';
import { enUS, zhCN } from '../../locales/catalogues';
import { attachRefusalText, checkAttach, type AttachRefusal } from './attach-check';

const config = mergeFileConfig({ endpoints: { openAI: { fileSizeLimit: 1, fileLimit: 2 } } });
const openAI = fileLimitsFor(config, 'openAI');
const png = { bytes: 40_000, type: 'image/png' };
const check = (patch: Partial<Parameters<typeof checkAttach>[0]> = {}) =>
  checkAttach({ file: png, endpoint: 'openAI', limits: openAI, attachedCount: 0, ...patch });

/** The English text a refusal shows, interpolated the way i18next does it. */
function english(refusal: AttachRefusal | null, catalogue: Record<string, string> = enUS): string {
  if (!refusal) return '';
  const { key, values } = attachRefusalText(refusal);
  return (catalogue[key] ?? key).replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
}

describe('checkAttach', () => {
  it('accepts a supported file within the limits', () => {
    expect(check()).toBeNull();
  });

  it('needs an endpoint', () => {
    expect(check({ endpoint: null })).toEqual({ code: 'endpoint' });
    expect(check({ endpoint: '' })).toEqual({ code: 'endpoint' });
    expect(english(check({ endpoint: undefined }))).toBe(
      'Cannot attach the file: select an endpoint first, or start a new chat.',
    );
  });

  it('refuses a file over the endpoint size limit, naming the limit in MB and the endpoint', () => {
    const refusal = check({ file: { bytes: MB + 1, type: 'image/png' } });
    expect(refusal).toEqual({ code: 'size', endpoint: 'openAI', limitMb: '1' });
    expect(english(refusal)).toBe('File size limit exceeded for endpoint: openAI (1 MB)');
    // Exactly at the limit is allowed ("must not exceed").
    expect(check({ file: { bytes: MB, type: 'image/png' } })).toBeNull();
  });

  it('shows fractional limits with up to two decimals', () => {
    const limits: EndpointFileLimits = { ...openAI, fileSizeLimit: 1.5 * MB };
    expect(check({ limits, file: { bytes: 2 * MB, type: 'image/png' } })).toMatchObject({ limitMb: '1.5' });
  });

  it('refuses an unsupported type, naming the type and the endpoint', () => {
    const refusal = check({ file: { bytes: 10, type: 'application/pdf' } });
    expect(refusal).toEqual({ code: 'type', endpoint: 'openAI', type: 'application/pdf' });
    expect(english(refusal)).toBe('Unsupported file type for endpoint openAI: application/pdf');
    expect(english(refusal, zhCN)).toContain('application/pdf');
    expect(english(refusal, zhCN)).toContain('openAI');
  });

  it("uses the endpoint's own type list (assistants take PDFs)", () => {
    const assistants = fileLimitsFor(config, 'assistants');
    const pdf = { bytes: 10, type: 'application/pdf' };
    expect(check({ endpoint: 'assistants', limits: assistants, file: pdf })).toBeNull();
  });

  it('refuses when uploads are disabled or the message is full', () => {
    expect(check({ limits: { ...openAI, disabled: true } })).toEqual({
      code: 'disabled',
      endpoint: 'openAI',
    });
    expect(check({ attachedCount: 1 })).toBeNull();
    expect(check({ attachedCount: 2 })).toEqual({ code: 'count', limit: 2 });
    expect(english(check({ attachedCount: 2 }))).toBe('You can attach up to 2 files to a message.');
  });

  it('checks the size before the type, so an oversized unsupported file names the limit', () => {
    expect(check({ file: { bytes: 5 * MB, type: 'text/plain' } })?.code).toBe('size');
  });
});
