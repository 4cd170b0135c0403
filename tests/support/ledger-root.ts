// The unit tests' ledgers live under one directory made for the run, and go with it at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    testLedgerRoot: string;
  }
}

export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), "swap-test-ledgers-"));
  project.provide("testLedgerRoot", root);
  return () => rmSync(root, { recursive: true, force: true });
}
