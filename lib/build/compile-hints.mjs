// V8's explicit compile hints (Chrome 136 and later): a script whose first line is
// `//# allFunctionsCalledOnLoad` has all its functions compiled on a background thread as it streams
// in, where otherwise each is compiled on the main thread the first time it runs. The build marks the
// framework's chunks that every page runs at load (the build manifest's rootMainFiles: React DOM,
// Next's router, Turbopack's runtime), nearly all of whose code runs while a page hydrates. On `/` at
// Lighthouse's 4× CPU that took about 150 ms of compiling off the main thread (docs/benchmarks.md).
// The page's own chunks stay lazy: much of their code runs only when a person acts.
// Browsers without the hint read a comment. Run after Next's compile step (`afterCompile`, given to
// next.config.ts's compiler.runAfterProductionCompile; the Lighthouse floor's build takes it too).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the build's startup chunks, once (a second run changes nothing).
 * @param {string} distDir the build's folder, `.next`
 * @returns {Promise<string[]>} the files marked, relative to distDir
 */
export async function markStartupChunks(distDir) {
  const manifestPath = path.join(distDir, "build-manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const files = manifest?.rootMainFiles;
  // A Next that stops writing the list must fail the build, not ship every page slower unnoticed.
  if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string" && f.endsWith(".js")))
    throw new Error(`${manifestPath} lists no rootMainFiles (the chunks every page loads): compile hints not applied`);
  for (const file of files) {
    const chunk = path.join(distDir, file);
    const text = await readFile(chunk, "utf8");
    if (!text.startsWith(COMPILE_HINT)) await writeFile(chunk, COMPILE_HINT + text);
  }
  return files;
}

/**
 * Next's `compiler.runAfterProductionCompile`: marks that build's startup chunks.
 * @param {{ distDir: string }} build
 * @returns {Promise<void>}
 */
export const afterCompile = ({ distDir }) => markStartupChunks(distDir).then(() => undefined);
