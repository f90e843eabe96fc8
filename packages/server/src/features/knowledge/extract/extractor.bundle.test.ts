import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type * as ExtractorModule from './extractor';
import { writeDocx } from './fixtures/ooxml-writer.test-helpers';
import { writePdf } from './fixtures/pdf-writer.test-helpers';

const ROOT = join(import.meta.dirname, '../../../../../..');
// Inside the repository's node_modules, so the bundle's bare imports resolve as the built server's do.
const cache = join(ROOT, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const outdir = mkdtempSync(join(cache, 'extract-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('extractor in a build like the server’s', () => {
  it('starts its worker on the chunk esbuild made of the worker module, and reads files', async () => {
    // The options of scripts/build-server.mjs: one ESM bundle, split chunks, npm packages left to node_modules.
    await build({
      absWorkingDir: ROOT,
      entryPoints: { main: 'packages/server/src/features/knowledge/extract/extractor.ts' },
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      chunkNames: 'chunks/[name]-[hash]',
      keepNames: true,
      logLevel: 'warning',
      plugins: [
        {
          name: 'external-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    const built = (await import(pathToFileURL(join(outdir, 'main.js')).href)) as typeof ExtractorModule;
    const extractor = built.createExtractor();
    try {
      const pdf = writePdf([['Built 构建']], { cjk: 'ucs2' });
      expect(await extractor.extract({ bytes: pdf, type: 'application/pdf', filename: 'a.pdf' })).toEqual({
        sections: [{ text: 'Built 构建', where: 'page 1' }],
      });
      expect(await extractor.extract({ bytes: writeDocx(['文档']), type: '', filename: 'a.docx' })).toEqual({
        sections: [{ text: '文档' }],
      });
      const error = await extractor
        .extract({ bytes: Buffer.from('x'), type: '', filename: 'a.pdf' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(built.ExtractError);
    } finally {
      await extractor.close();
    }
  });
});
