export interface BuildTarget {
  name: string;
  /** The output folder, relative to the root. */
  outDir: string;
  /** A file the build writes in outDir; missing means stale. */
  mainFile: string;
  /** Files and folders, relative to the root, whose content decides whether the output is stale. */
  inputs: string[];
}
export declare const RECORD_FILE: string;
export declare function listInputs(root: string, paths: string[]): string[];
export declare function hashInputs(root: string, paths: string[]): string;
export declare function isStale(root: string, target: BuildTarget): boolean;
export declare function forgetBuild(root: string, target: BuildTarget): void;
export declare function recordBuild(root: string, target: BuildTarget, hash: string): void;
export declare function buildStale(
  root: string,
  targets: BuildTarget[],
  build: (target: BuildTarget) => unknown,
  options?: { force?: boolean },
): Promise<string[]>;
export declare function withBuildLock<T>(root: string, fn: () => Promise<T>): Promise<T>;
