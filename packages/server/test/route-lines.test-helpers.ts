/** Flattens Fastify's route tree (`printRoutes({ commonPrefix: false })`) into sorted `METHOD /path` lines. */
export function routeLines(tree: string): string[] {
  const lines: string[] = [];
  const stack: string[] = [];
  for (const raw of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S+) \(([^)]+)\)$/.exec(raw);
    const start = raw.search(/[^│├└─\s]/);
    if (start < 0) continue;
    const depth = Math.floor(start / 4);
    const segment = match ? match[2]! : raw.slice(start).trim();
    stack.length = depth;
    stack.push(segment);
    if (!match) continue;
    const path = stack.join('');
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') lines.push(`${method} ${path}`);
  }
  return lines.sort();
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The `METHOD /path` lines an app serves, sorted. Read one method at a time: where two methods name the parameter
 * at the same place differently (`GET /api/share/:shareId`, `POST /api/share/:conversationId`), the whole tree
 * prints both names on one node (`:shareId|:conversationId`), and only the per-method tree says which is whose.
 */
export function servedRouteLines(app: {
  printRoutes(options: { commonPrefix: false; method: string }): string;
}) {
  return METHODS.flatMap((method) => routeLines(app.printRoutes({ commonPrefix: false, method }))).sort();
}
