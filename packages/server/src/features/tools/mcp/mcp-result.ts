import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError, type ToolResult } from '../tool';

type ContentItem = CallToolResult['content'][number];

/**
 * An MCP tool's answer as a tool result: its text for the model, a note for what is not text (images are not kept
 * yet). `isError` is the tool saying it failed, so it becomes a ToolError with the tool's own words.
 */
export function toToolResult(result: CallToolResult | { toolResult: unknown }, label: string): ToolResult {
  // Servers of the first protocol version answer `toolResult` instead of content.
  if (!('content' in result)) return { output: stringify((result as { toolResult: unknown }).toolResult) };
  const texts = (result.content ?? []).map(describeItem);
  if (texts.length === 0 && result.structuredContent !== undefined)
    texts.push(stringify(result.structuredContent));
  const output = texts.join('\n');
  if (result.isError) throw new ToolError(output || `${label} reported an error without saying why`);
  return { output };
}

function describeItem(item: ContentItem): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
      return `[an image (${item.mimeType}) was returned; images from MCP tools are not shown yet]`;
    case 'audio':
      return `[an audio clip (${item.mimeType}) was returned; audio from MCP tools is not kept]`;
    case 'resource':
      return 'text' in item.resource
        ? item.resource.text
        : `[a file ${item.resource.uri} was returned; files from MCP tools are not kept]`;
    case 'resource_link':
      return `[${item.name}: ${item.uri}]`;
    default:
      return stringify(item);
  }
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
