import type { DialectName } from '../packages/server/src/db/database';
import { DIALECTS } from './lib/databases';
import { formatResult, type BenchResult } from './lib/stats';
import { concurrentStreams } from './concurrent-streams';
import { concurrentStreamsMax } from './concurrent-streams-max';
import { concurrentStreamsPair } from './concurrent-streams-pair';
import { filesUpload } from './files-upload';
import { idleRss } from './idle-rss';
import { importRss } from './import-rss';
import { codeInterpreterCold, codeInterpreterIdleRss, codeInterpreterWarm } from './code-interpreter';
import { knowledgeExtract } from './knowledge-extract';
import { knowledgeRetrieval } from './knowledge-retrieval';
import { relayOverheadIndexing } from './relay-overhead-indexing';
import { listPage } from './list-page';
import { mcpIdle } from './mcp-idle';
import { mcpPluginList } from './mcp-plugin-list';
import { relayOverhead } from './relay-overhead';
import { rssAfterUse } from './rss-after-use';
import { search } from './search';
import { settlement } from './settlement';
import { soak } from './soak';
import { startTime } from './start-time';
import { turnCost } from './turn-cost';
import { toolStep, toolStepBilled } from './tool-step';
import { turnPrep } from './turn-prep';
import { webInitialJs } from './web-initial-js';
import { wireBytes } from './wire-bytes';

// npm run bench [-- name ...]: runs the named benches (all when none is named), each on SQLite and PostgreSQL,
// printing one `name: figure unit (budget …, pass|MISS)` line and a context line per dialect. A MISS is a
// measurement, not a failure: the exit code is 0 unless a bench could not run at all.

const BENCHES: Record<string, (dialect: DialectName) => Promise<BenchResult>> = {
  'turn-prep': turnPrep,
  'list-page': listPage,
  search,
  'knowledge-retrieval': knowledgeRetrieval,
  'relay-overhead': relayOverhead,
  'tool-step': toolStep,
  'tool-step-billed': toolStepBilled,
  'mcp-idle': mcpIdle,
  'mcp-plugin-list': mcpPluginList,
  'wire-bytes': wireBytes,
  'turn-cost': turnCost,
  'concurrent-streams': concurrentStreams,
  'concurrent-streams-max': concurrentStreamsMax,
  'concurrent-streams-pair': concurrentStreamsPair,
  'web-initial-js': webInitialJs,
  'files-upload': filesUpload,
  'knowledge-extract': knowledgeExtract,
  'relay-overhead-indexing': relayOverheadIndexing,
  'code-interpreter-warm': codeInterpreterWarm,
  'code-interpreter-cold': codeInterpreterCold,
  'code-interpreter-idle-rss': codeInterpreterIdleRss,
  'idle-rss': idleRss,
  'rss-after-use': rssAfterUse,
  'import-rss': importRss,
  'start-time': startTime,
  settlement,
  soak,
};

/** Benches whose figure does not depend on the database: run once, on the first dialect. */
const DIALECT_FREE = new Set([
  'web-initial-js',
  'start-time',
  'rss-after-use',
  'soak',
  'mcp-idle',
  'knowledge-extract',
  'code-interpreter-warm',
  'code-interpreter-cold',
  'code-interpreter-idle-rss',
]);
/** Benches that run once, on one dialect only (two processes cannot share one SQLite file's writer). */
const ONE_DIALECT: Record<string, DialectName> = { 'concurrent-streams-pair': 'postgres' };

function dialectsOf(name: string): DialectName[] {
  const only = ONE_DIALECT[name];
  if (only) return [only];
  return DIALECT_FREE.has(name) ? DIALECTS.slice(0, 1) : DIALECTS;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !(a in BENCHES));
  if (unknown.length > 0) {
    console.error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})`);
    return 2;
  }
  const names = args.length > 0 ? args : Object.keys(BENCHES);
  let failed = 0;
  for (const name of names) {
    for (const dialect of dialectsOf(name)) {
      try {
        console.log(formatResult(await BENCHES[name]!(dialect)));
      } catch (error) {
        failed += 1;
        console.log(`${name}/${dialect}: ERROR ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof Error && error.stack) console.error(error.stack);
      }
    }
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
