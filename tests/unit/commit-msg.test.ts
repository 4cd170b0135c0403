// The commit-msg hook keeps `git log --oneline` readable: short "Area: what changed" subjects, a
// blank line, and a body wrapped at 72.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const hook = path.resolve(".githooks/commit-msg");
const dir = mkdtempSync(path.join(tmpdir(), "commit-msg-"));

function verdict(message: string): { ok: boolean; said: string } {
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, message);
  try {
    execFileSync("bash", [hook, file], { stdio: "pipe" });
    return { ok: true, said: "" };
  } catch (error) {
    return { ok: false, said: String((error as { stderr?: Buffer }).stderr ?? "") };
  }
}

describe("the commit-msg hook", () => {
  it("takes a short subject with its area, a blank line and a wrapped body", () => {
    expect(verdict("Deposit: the swap answer names its asset\n\nWhy, and the numbers.\n").ok).toBe(true);
    expect(verdict("Docs: one line is enough\n").ok).toBe(true);
    expect(verdict("i18n: fr catalogue and glossary\n").ok).toBe(true);
    expect(verdict("Merge branch 'docs'\n").ok).toBe(true);
  });

  it("refuses a subject over 72 characters, and says how long it was", () => {
    const subject = `Status: ${"a very long subject ".repeat(4)}`;
    const { ok, said } = verdict(`${subject}\n`);
    expect(ok).toBe(false);
    expect(said).toContain(`${subject.length} characters`);
  });

  it("refuses a subject without its area, a body glued to the subject, and a body line over 72", () => {
    expect(verdict("fixed the thing\n").ok).toBe(false);
    expect(verdict("Docs: subject\nbody right under it\n").ok).toBe(false);
    expect(verdict(`Docs: subject\n\n${"word ".repeat(20)}\n`).ok).toBe(false);
    // Characters, not bytes: 60 Japanese characters are 180 bytes and still one line.
    expect(verdict(`Docs: subject\n\n${"語".repeat(60)}\n`).ok).toBe(true);
  });

  it("ignores git's comment lines", () => {
    expect(verdict(`Docs: subject\n\nbody\n# ${"comment ".repeat(20)}\n`).ok).toBe(true);
  });
});
