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
