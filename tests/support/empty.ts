// Stands in for `server-only` outside Next's bundler (vitest), where the real one throws.
export {};
