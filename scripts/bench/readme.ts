// What every benchmark writes alongside its tables: the machine it ran on, and its section of
// docs/benchmarks.md (between `<!-- tag:start -->` and `<!-- tag:end -->`, appended when the page has
// none). The README only quotes the headline figures.
import { readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";

export const machineLine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

export async function writeBenchmarksSection(
  repoRoot: string,
  tag: string,
  markdown: string,
  heading?: string,
): Promise<void> {
  const pagePath = join(repoRoot, "docs", "benchmarks.md");
  const page = await readFile(pagePath, "utf8");
  const section = `<!-- ${tag}:start -->\n${markdown}\n<!-- ${tag}:end -->`;
  const marked = new RegExp(`<!-- ${tag}:start -->[\\s\\S]*?<!-- ${tag}:end -->`);
  const appended = `${page.trimEnd()}\n\n${heading ? `## ${heading}\n\n` : ""}${section}\n`;
  await writeFile(pagePath, marked.test(page) ? page.replace(marked, () => section) : appended);
}
