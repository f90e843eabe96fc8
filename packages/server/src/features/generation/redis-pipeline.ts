import type { ChainableCommander } from 'ioredis';

/** Runs a pipeline and throws its first command error: `exec` itself resolves even when commands failed. */
export async function execPipeline(pipeline: ChainableCommander): Promise<unknown[]> {
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return results.map(([, value]) => value);
}
