import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

it('starts from the command line, prints its URL and answers', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = line.toString().trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const models = (await (await fetch(`${url}/v1/models`)).json()) as { object: string };
    expect(models.object).toBe('list');
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});
