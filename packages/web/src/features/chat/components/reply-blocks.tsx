import { Markdown } from '../../markdown/components/markdown';
import { usePluginsQuery } from '../../plugins/plugins.api';
import { assistantStepKind, replySources } from '../assistant-steps';
import type { ReplyBlock } from '../reply-blocks';
import { toolDisplayName, toolStepState } from '../tool-step-display';
import { AssistantStepView } from './assistant-step';
import { ReplySources } from './reply-sources';
import { ToolImage } from './tool-image';
import { ToolStep } from './tool-step';

/**
 * A reply that used tools, in the order it happened: its text as Markdown between the steps and the images the tools
 * made. While it streams, the cursor follows the last text; while a step runs, its spinner says so instead.
 */
export function ReplyBlocks({
  blocks,
  latex,
  live,
}: {
  blocks: ReplyBlock[];
  latex: boolean;
  live: boolean;
}) {
  // The store's list names the tools as users know them (it is cached with the store and the tool picker).
  const plugins = usePluginsQuery().data ?? [];
  const last = blocks.at(-1);
  // The passages its retrieval steps found: where the answer came from, shown once the reply has ended.
  const sources = replySources(blocks.flatMap((block) => (block.kind === 'tool' ? [block.call] : [])));
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {blocks.map((block) => {
        if (block.kind === 'tool' && assistantStepKind(block.call)) {
          return <AssistantStepView key={block.key} call={block.call} />;
        }
        if (block.kind === 'tool') {
          return (
            <ToolStep key={block.key} call={block.call} name={toolDisplayName(block.call.name, plugins)} />
          );
        }
        if (block.kind === 'image') return <ToolImage key={block.key} image={block.image} />;
        return (
          <div key={block.key} dir="auto" className={live && block === last ? 'msg-streaming' : undefined}>
            <Markdown text={block.text} latex={latex} />
          </div>
        );
      })}
      {/* Between a step's end and the model's next words, the cursor says the reply goes on. */}
      {live && last?.kind !== 'text' && !blocks.some(isRunning) && (
        <span className="msg-cursor" aria-hidden="true" />
      )}
      {!live && sources.length > 0 && <ReplySources sources={sources} />}
    </div>
  );
}

const isRunning = (block: ReplyBlock) => block.kind === 'tool' && toolStepState(block.call) === 'running';
