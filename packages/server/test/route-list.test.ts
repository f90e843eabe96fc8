import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './app.test-helpers';
import { routeLines, servedRouteLines } from './route-lines.test-helpers';

// The routes the API serves, one `METHOD /path` a line (fixtures/routes.txt). A route that disappears or is renamed
// fails here; a route added on purpose is added to the file in the same change. HEAD is Fastify's own for each GET.

describe('the route list', () => {
  it('reads a tree with nested routes and routes without methods of their own', () => {
    const tree = [
      '├── /api/convos (GET, HEAD)',
      '│   └── /:id (GET, HEAD)',
      '└── /api/ask/',
      '    └── :e (POST)',
    ];
    expect(routeLines(tree.join('\n'))).toEqual([
      'GET /api/convos',
      'GET /api/convos/:id',
      'POST /api/ask/:e',
    ]);
  });

  it('is the one in fixtures/routes.txt: no route lost or renamed', async () => {
    const test = await buildTestApp('sqlite');
    try {
      const served = servedRouteLines(test.app);
      const expected = readFileSync(new URL('./fixtures/routes.txt', import.meta.url), 'utf8')
        .trim()
        .split('\n');
      expect(served).toEqual(expected);
    } finally {
      await test.close();
    }
  });
});
