import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError } from '../tool';
import { backoffDelay } from './backoff';
import { failureReason } from './failure-reason';
import { inputSchemaOf } from './mcp-input-schema';
import { toToolResult } from './mcp-result';

describe('MCP results', () => {
  it('joins text parts and notes what is not text', () => {
    const result = toToolResult(
      {
        content: [
          { type: 'text', text: 'first' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'text', text: 'last' },
        ],
      },
      'draw (MCP server art)',
    );
    expect(result.output).toBe(
      'first\n[an image (image/png) was returned; images from MCP tools are not shown yet]\nlast',
    );
  });

  it('answers structured content as JSON when there is no content', () => {
    expect(toToolResult({ content: [], structuredContent: { n: 1 } }, 't').output).toBe('{"n":1}');
  });

  it('throws a ToolError with the tool`s text for isError, and says so when there is none', () => {
    expect(() =>
      toToolResult({ isError: true, content: [{ type: 'text', text: 'no such file' }] }, 't'),
    ).toThrow(new ToolError('no such file'));
    expect(() => toToolResult({ isError: true, content: [] }, 'read (MCP server fs)')).toThrow(
      'read (MCP server fs) reported an error',
    );
  });
});

describe('MCP input schemas', () => {
  it('keeps a JSON Schema zod can read', () => {
    const schema = inputSchemaOf({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(schema.safeParse({}).success).toBe(false);
    expect(z.toJSONSchema(schema)).toMatchObject({ properties: { q: { type: 'string' } }, required: ['q'] });
  });

  it('accepts any object when the schema cannot be read or is not an object', () => {
    for (const odd of [{ type: 'string' }, { $ref: '#/nowhere' }, 'nonsense']) {
      expect(inputSchemaOf(odd).safeParse({ anything: 1 }).success).toBe(true);
    }
  });
});

describe('MCP failures', () => {
  it('backs off 1 s, 2 s, 4 s … capped at a minute', () => {
    expect([0, 1, 2, 5, 6, 7, 5000].map((n) => backoffDelay(n))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('gives one short line with the secrets masked, and a fetch failure`s cause', () => {
    const error = new Error('fetch failed', { cause: new Error('connect ECONNREFUSED, key s3cr3t-value') });
    expect(failureReason(error, ['s3cr3t-value'])).toBe('fetch failed (connect ECONNREFUSED, key ***)');
    expect(failureReason(new Error('line one\nline two'), [])).toBe('line one');
    expect(failureReason(new Error('x'.repeat(500)), []).length).toBeLessThan(310);
  });
});
