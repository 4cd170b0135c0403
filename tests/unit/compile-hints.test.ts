// The build's one post-compile step (lib/build/compile-hints.mjs): the chunks every page runs at load
// get V8's compile hint, once; the page's own chunks do not; a manifest without the list fails the build.
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, markStartupChunks } from "@/lib/build/compile-hints.mjs";

let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
  await mkdir(path.join(dist, "static", "chunks"), { recursive: true });
  for (const name of ["react-dom.js", "runtime.js", "checkout.js"])
    await writeFile(chunk(name), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
});
afterEach(() => rm(dist, { recursive: true, force: true }));

const manifest = (body: unknown) => writeFile(path.join(dist, "build-manifest.json"), JSON.stringify(body));

describe("markStartupChunks", () => {
  it("puts the hint on the first line of each startup chunk, once, and leaves the page's own chunks lazy", async () => {
    await manifest({ rootMainFiles: ["static/chunks/react-dom.js", "static/chunks/runtime.js"] });
    expect(await markStartupChunks(dist)).toEqual(["static/chunks/react-dom.js", "static/chunks/runtime.js"]);
    await markStartupChunks(dist); // a second run, as a rebuild over an old folder would
    expect(await readFile(chunk("react-dom.js"), "utf8")).toBe(
      `//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push(["react-dom.js"]);`,
    );
    expect((await readFile(chunk("runtime.js"), "utf8")).split(COMPILE_HINT)).toHaveLength(2);
    expect(await readFile(chunk("checkout.js"), "utf8")).not.toContain("allFunctionsCalledOnLoad");
  });

  it.each([
    ["no list", {}],
    ["an empty list", { rootMainFiles: [] }],
    ["a list of something else", { rootMainFiles: ["static/chunks/app.css"] }],
  ])("fails the build, naming the manifest, when it finds %s", async (_, body) => {
    await manifest(body);
    await expect(markStartupChunks(dist)).rejects.toThrow(/build-manifest\.json lists no rootMainFiles/);
  });

  it("fails when a listed chunk is missing, rather than ship a build it did not mark", async () => {
    await manifest({ rootMainFiles: ["static/chunks/gone.js"] });
    await expect(markStartupChunks(dist)).rejects.toThrow(/ENOENT/);
  });
});
