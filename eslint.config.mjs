// Lint: Next's core-web-vitals and TypeScript rules (with the React hooks rules), run by `npm test`,
// and the architecture's import boundaries. Formatting is Prettier's job (prettier.config.mjs), so
// no stylistic rules here.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** Everything of ours under lib/ but `allowed` (folders or files, relative to lib/). */
const libExcept = (...allowed) => ({ from: "./lib", except: allowed.map((path) => `./${path}`) });

/**
 * Which way imports run (docs/architecture.md). Browser side: app/ -> components/ -> lib/client/.
 * Server side: app/api/ -> lib/bff/ -> lib/partner/ and lib/store/. Both sides: lib/schema/ and
 * lib/swap/. Never the other way, and never across. eslint-config-next brings eslint-plugin-import
 * and the TypeScript resolver, so `@/` imports are checked as the files they resolve to.
 */
const boundaries = [
  {
    target: ["./components", "./lib/client"],
    ...libExcept("client", "swap", "schema", "i18n"),
    message:
      "Browser code imports only lib/client, lib/swap, lib/schema and lib/i18n: never lib/bff, lib/partner, lib/sandbox or other server modules.",
  },
  { target: ["./lib", "./components"], from: "./app", message: "app/ holds routes only: nothing imports it." },
  { target: "./lib", from: "./components", message: "lib/ holds no React: nothing in lib/ imports components/." },
  {
    target: "./lib/swap",
    ...libExcept("swap", "schema"),
    message: "lib/swap holds pure rules both sides use: it imports only lib/swap and lib/schema.",
  },
  { target: "./lib/schema", ...libExcept("schema"), message: "lib/schema imports nothing of ours but itself." },
  { target: "./lib/i18n", ...libExcept("i18n"), message: "lib/i18n imports nothing of ours but itself." },
  {
    target: "./lib/partner",
    ...libExcept("partner", "schema", "brand.ts"),
    message: "lib/partner knows nothing of routes, stores or the sandbox: its transport is handed to it.",
  },
  {
    target: "./lib/sandbox",
    ...libExcept("sandbox", "schema", "request-input.ts"),
    message: "The sandbox stands alone, like a real upstream: it imports only lib/schema and lib/request-input.ts.",
  },
  {
    target: [
      "./lib/partner",
      "./lib/store",
      "./lib/ledger",
      "./lib/webhooks",
      "./lib/config",
      "./lib/widget",
      "./lib/*.ts",
    ],
    from: "./lib/bff",
    message: "Imports run one way: lib/bff uses these modules, never the reverse.",
  },
  {
    target: [
      "./lib/bff",
      "./lib/partner",
      "./lib/store",
      "./lib/ledger",
      "./lib/webhooks",
      "./lib/sandbox",
      "./lib/config",
      "./app/api",
      "./proxy.ts",
    ],
    from: "./lib/client",
    message: "Server code uses lib/swap for shared rules, never lib/client (browser only).",
  },
  {
    target: "./app",
    from: ["./lib/partner", "./lib/sandbox", "./lib/store", "./lib/ledger", "./lib/webhooks"],
    message: "Routes call lib/bff, which holds the upstream client, the sandbox wiring, the store and the ledger.",
  },
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // A disabled rule must say why on the same line (`-- reason`), and a disable that no longer
      // hides anything is itself a finding.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  { rules: { "import/no-restricted-paths": ["error", { zones: boundaries }] } },
  // A file fits in a head: past 400 lines (blank lines and comments included), split it along its seams.
  // Generated files (lib/schema/*.generated.ts, from `npm run gen:answers`) are read by no one.
  { ignores: ["**/*.generated.ts"], rules: { "max-lines": ["error", { max: 400 }] } },
  {
    // Playwright's fixtures call their callback `use`: it is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      // The floor that measure:js and lighthouse build and start while they run.
      ".measure-js/**",
      "docs/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
