// Types for compile-hints.mjs (plain JavaScript so that next.config.ts loads it without a compile).
export declare const COMPILE_HINT: string;
export declare function markStartupChunks(distDir: string): Promise<string[]>;
export declare function afterCompile(build: { distDir: string }): Promise<void>;
