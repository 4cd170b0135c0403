// Lint: Next's core-web-vitals and TypeScript rules (with the React hooks rules), run by `npm test`.
// Formatting is Prettier's job (prettier.config.mjs), so no stylistic rules here.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // A disabled rule must say why on the same line (`-- reason`), and a disable that no longer
      // hides anything is itself a finding.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // Playwright's fixtures call their callback `use`: it is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  { ignores: [".next/**", "node_modules/**", "test-results/**", "playwright-report/**", "bench/results/**", "docs/**", "next-env.d.ts"] },
];

export default config;
