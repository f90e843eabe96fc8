export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (benches read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}
/** Starts `main.ts` the way `npm run serve` does, in a temp data folder, and waits for /health. */
export declare function startServer(env?: Record<string, string>): Promise<ServerProcess>;
