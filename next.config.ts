import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { afterCompile } from "./lib/build/compile-hints.mjs";
import { baseHeaders, unframableHeaders, unframablePathsSource } from "./lib/bff/http/base-headers.mjs";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // .next/standalone: the server with only the files it needs, for the image (Dockerfile).
  output: "standalone",
  // The app's own sources; tests and scripts are type-checked by `npm test` (tsc over everything).
  // `npm test` sets BUILD_TYPECHECK=tsc: its tsc covers the app's sources as well, so its build skips
  // checking them a second time (10 s of a core from a clean clone; docs/testing.md).
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: process.env.BUILD_TYPECHECK === "tsc" },
  reactStrictMode: true,
  // The framework's startup chunks compiled off the main thread in Chromium (lib/build/compile-hints.mjs).
  compiler: { runAfterProductionCompile: afterCompile },
  experimental: {
    // With proxy.ts, Next buffers request bodies so both it and the handler can read them. Cap that
    // copy near the API's 16 KiB (handlers refuse anything over it); `npm start`'s front refuses
    // over-cap bodies before Next reads them at all.
    proxyClientMaxBodySize: 64 * 1024,
  },
  // The ledger's drivers load their own files (PGlite's WebAssembly) at run time: not bundled.
  // Observability's packages: one copy per process, and OpenTelemetry's only loaded when tracing is on.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "pino",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/core",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
  ],
  async headers() {
    const list = (headers: Readonly<Record<string, string>>) =>
      Object.entries(headers).map(([key, value]) => ({ key, value }));
    return [
      // Every answer, static files included.
      { source: "/:path*", headers: list(baseHeaders) },
      // Every answer but the widget's pages may be framed by nobody: also those proxy.ts does not
      // see (a 404 under /_next/static) or that Next makes itself. Where proxy.ts runs, its CSP
      // (with the page's nonce) replaces this one; the widget's pages get their frame-ancestors
      // (WIDGET_ALLOWED_ORIGINS, read at run time) from proxy.ts alone.
      { source: unframablePathsSource, headers: list(unframableHeaders) },
    ];
  },
};

export default createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./lib/i18n/messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
