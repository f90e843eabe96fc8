import { describe, expect, it } from 'vitest';
import { ASSISTANTS_SUPPORTED_MIME_TYPES, DEFAULT_SUPPORTED_MIME_TYPES } from '@parley/shared';
import { acceptAttribute } from './accept-types';

describe('acceptAttribute', () => {
  it('expands the default image pattern', () => {
    expect(acceptAttribute(DEFAULT_SUPPORTED_MIME_TYPES)).toBe('image/jpeg,image/gif,image/png,image/webp');
  });

  it('turns an open top-level pattern into type/* and expands optional groups', () => {
    expect(acceptAttribute(['^text/', '^application/(x-)?(zip|tar)$', '^application/vnd\\.ms-excel$'])).toBe(
      'text/*,application/x-zip,application/x-tar,application/zip,application/tar,application/vnd.ms-excel',
    );
  });

  it('gives up (every file) when a pattern cannot be expanded', () => {
    expect(acceptAttribute(ASSISTANTS_SUPPORTED_MIME_TYPES)).toBeUndefined();
    expect(acceptAttribute(['^image/.*$'])).toBeUndefined();
    expect(acceptAttribute(['image/png'])).toBeUndefined();
    expect(acceptAttribute(['^application/json'])).toBeUndefined();
  });
});
