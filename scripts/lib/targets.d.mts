import type { BuildTarget } from './build-inputs.mjs';
export declare const ROOT: string;
export declare const WEB: BuildTarget;
export declare const SERVER: BuildTarget;
export declare const TARGETS: BuildTarget[];
export declare function runBuild(target: BuildTarget): void;
