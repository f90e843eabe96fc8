import type { Citation, ContentPart } from '@parley/shared';
import type { z } from 'zod';

/**
 * What a tool run gets (docs/reference/tools.md). A tool never reads the environment or another user's settings:
 * what it may use arrives here.
 */
export interface ToolContext {
  /** The user the run is for. */
  userId: string;
  /** Aborts when the reply is stopped, the step times out or the server stops: stop all work and throw. */
  signal: AbortSignal;
  /**
   * The plugin's credentials for this user, by `authField` as the catalogue names it (`A||B` included): the
   * operator's environment value, else the user's saved one. Every field of the plugin is present when it runs.
   */
  auth: Readonly<Record<string, string>>;
  /**
   * The `authField`s of `auth` whose value the user gave (the operator set the others). A URL among them is one the
   * user chose, so it is fetched through the guard (`fetchForSetting`); the operator's URLs are trusted.
   */
  userGiven: ReadonlySet<string>;
  /**
   * For URLs a user or a model chose (a page to read, a link in a result): private, loopback and metadata addresses
   * are refused (lib/outbound/guarded-fetch.ts). Redirects are not followed; a tool that follows them checks each hop
   * through this same fetch.
   */
  guardedFetch: typeof fetch;
  /** For URLs the operator configured (a SearXNG, an image server, a provider's API): trusted as they are. */
  fetch: typeof fetch;
  /** Tells the reply what the tool is doing now (a short text, shown while it runs). */
  progress(message: string): void;
  /**
   * Saves a file the tool made (a generated image, a file the code interpreter wrote) as the user's, in My Files and
   * counted in their quota, and answers the part that shows it in the reply: `image_file` for an image the reply can
   * show, else a `text` part linking the download. Throws when the quota is full or storage fails.
   */
  saveFile(file: ToolFile): Promise<ContentPart>;
  /**
   * Shows on the step that it waits for the user to sign in at `url` until `expiresAt` (an OAuth action without a
   * usable token), or with null that it goes on. Absent where no step shows it.
   */
  awaitingAuth?(auth: StepAuth | null): void;
}

/** The consent address a waiting step shows, and when it stops working (Unix ms). */
export interface StepAuth {
  url: string;
  expiresAt: number;
}

/** A file a tool made, to save as the user's. */
export interface ToolFile {
  filename: string;
  /** Its MIME type (`image/png`, `text/csv`). */
  type: string;
  bytes: Buffer;
  width?: number;
  height?: number;
  /** What the file is for (docs/reference/files.md (File fields)): `image_generation` unless said. */
  context?: 'image_generation' | 'assistants_output';
}

/** What a tool answers. `output` goes back to the model, capped by the runtime; `parts` show in the reply. */
export interface ToolResult {
  output: string;
  /** Parts the reply shows beside the step (a generated image as an `image_file` part). */
  parts?: ContentPart[];
  /** The passages `output` quotes, numbered as in it, for the reply to show where an answer came from (retrieval). */
  citations?: Citation[];
}

/**
 * One tool the model may call (docs/reference/tools.md): a built-in plugin, an MCP server's tool, later an
 * assistant's action. The runtime validates the model's input with `input` before `run`, so `run` gets it typed;
 * a throw becomes a tool result saying so, and the run goes on.
 */
export interface Tool<Input = unknown> {
  /** The plugin key (`calculator`, `{tool}_mcp_{server}`): what the model calls it and what users install. */
  key: string;
  /** What the model reads to decide when to call it. */
  description: string;
  /** The input's schema: validated before `run`, and given to the model as JSON Schema. */
  input: z.ZodType<Input>;
  /** Its own time limit, when the runner's default does not suit it (drawing an image takes longer). */
  timeoutMs?: number;
  run(input: Input, ctx: ToolContext): Promise<ToolResult>;
}

/** The error a tool throws for a problem the user or operator can fix (a missing setting, a refused key). */
export class ToolError extends Error {
  override name = 'ToolError';
}

/**
 * The fetch for a URL held in a plugin setting: the guarded one when the user gave it, the plain one when the operator
 * did (a SearXNG or a Stable Diffusion web UI on the operator's own network stays reachable, a user's cannot reach it).
 */
export const fetchForSetting = (ctx: ToolContext, authField: string): typeof fetch =>
  ctx.userGiven.has(authField) ? ctx.guardedFetch : ctx.fetch;
