export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (benches read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}
export declare const COMPILED_MAIN: string;
/** A port nothing listens on right now (the OS picks it). */
export declare function freePort(): Promise<number>;
export interface StartOptions {
  /** Run the compiled server (built first when its sources changed) instead of main.ts through tsx. */
  compiled?: boolean;
}
/** Builds the compiled server when its sources changed since the last build (as `npm start` does). */
export declare function buildServer(): void;
/** Starts `main.ts` through tsx (or the compiled server), in a temp data folder, and waits for /health. */
export declare function startServer(
  env?: Record<string, string>,
  options?: StartOptions,
): Promise<ServerProcess>;
