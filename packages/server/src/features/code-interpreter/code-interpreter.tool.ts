import type { ContentPart } from '@parley/shared';
import { z } from 'zod';
import { ToolError, type Tool, type ToolContext } from '../tools/tool';
import type { SandboxPool, SandboxRunResult } from './sandbox-pool';
import type { SandboxFile } from './sandbox-process';

export const CODE_INTERPRETER_KEY = 'code_interpreter';

/** The longest code one call takes (characters). */
export const MAX_CODE_CHARS = 100_000;

export interface CodeInterpreterToolOptions {
  pool: SandboxPool;
  /** The files this call's code can read at `/mnt/data/{name}` (the message's or the assistant's files). */
  inputFiles?: (ctx: ToolContext) => Promise<SandboxFile[]>;
  /**
   * Calls with the same key share one interpreter, like a notebook (variables and `/mnt/data` kept): the
   * conversation's id, say. The user's id is always added to it, so no two users share one. Without it (or when it
   * answers undefined) every call starts a fresh interpreter.
   */
  sessionKey?: (ctx: ToolContext) => string | undefined;
  /** The time the tool may take on top of the pool's wall-time limit: a start, attached files, saving files (default 30 s). */
  slackMs?: number;
}

export interface CodeInterpreterInput {
  code: string;
}

/**
 * The `code_interpreter` tool (docs/reference/code-interpreter.md (The tool)): runs the model's Python in a sandbox of
 * the pool and answers what it printed; files it wrote in `/mnt/data` are saved as the user's (`assistants_output`),
 * images shown in the reply. A run that raises or is stopped by a limit fails the step with its traceback or reason.
 */
export function createCodeInterpreterTool(options: CodeInterpreterToolOptions): Tool<CodeInterpreterInput> {
  return {
    key: CODE_INTERPRETER_KEY,
    description:
      'Runs Python 3 code in a sandbox and answers what it printed (the last expression is printed too). ' +
      'The standard library is available; there is no network and no pip. Files the user attached are in ' +
      '/mnt/data; files written to /mnt/data are given to the user (PNG images are shown). Variables are kept ' +
      'between calls in the same conversation.',
    input: z.object({ code: z.string().min(1).max(MAX_CODE_CHARS) }),
    timeoutMs: options.pool.limits.wallMs + (options.slackMs ?? 30_000),
    async run({ code }, ctx) {
      ctx.progress('Starting Python…');
      const files = options.inputFiles ? await options.inputFiles(ctx) : [];
      const key = options.sessionKey?.(ctx);
      ctx.progress('Running the code…');
      let result: SandboxRunResult;
      try {
        result = await options.pool.run({
          code,
          files,
          signal: ctx.signal,
          ...(key !== undefined ? { sessionKey: `${ctx.userId}\n${key}` } : {}),
        });
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        throw new ToolError(error instanceof Error ? error.message : String(error));
      }
      const logs = logsOf(result);
      if (!result.ok) throw new ToolError(joinLines(logs, result.error ?? 'The code failed.'));
      const { parts, notes } = await saveFiles(result, ctx);
      return { output: joinLines(logs || '(the code printed nothing)', ...notes), parts };
    },
  };
}

/** What the code printed: stdout, then stderr under its own heading. */
function logsOf(result: SandboxRunResult): string {
  const stdout = result.stdout.replace(/\n$/, '');
  const stderr = result.stderr.replace(/\n$/, '');
  return joinLines(stdout, stderr && `[stderr]\n${stderr}`);
}

async function saveFiles(result: SandboxRunResult, ctx: ToolContext) {
  const parts: ContentPart[] = [];
  const notes: string[] = [];
  if (result.files.length > 0) ctx.progress(`Saving ${result.files.length} file(s)…`);
  for (const file of result.files) {
    try {
      const part = await ctx.saveFile({
        filename: file.name.split('/').pop() ?? file.name,
        type: file.type,
        bytes: file.bytes,
        context: 'assistants_output',
      });
      if (part.type === 'image_file') parts.push(part);
      notes.push(
        `[file] /mnt/data/${file.name} (${file.type}) was given to the user${part.type === 'image_file' ? ' and is shown' : ''}.`,
      );
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      notes.push(`[file] /mnt/data/${file.name} could not be saved: ${error.message}`);
    }
  }
  for (const name of result.skippedFiles)
    notes.push(`[file] /mnt/data/${name} was not given to the user: it is over the size or count limit.`);
  return { parts, notes };
}

const joinLines = (...lines: string[]) => lines.filter((l) => l !== '').join('\n');
