// What every benchmark writes alongside its tables: the machine it ran on, and its section of the
// README (between `<!-- tag:start -->` and `<!-- tag:end -->`, appended when the README has none).
import { readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";

export const machineLine = () => `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

export async function writeReadmeSection(repoRoot: string, tag: string, markdown: string, heading?: string): Promise<void> {
  const readmePath = join(repoRoot, "README.md");
  const readme = await readFile(readmePath, "utf8");
  const section = `<!-- ${tag}:start -->\n${markdown}\n<!-- ${tag}:end -->`;
  const marked = new RegExp(`<!-- ${tag}:start -->[\\s\\S]*?<!-- ${tag}:end -->`);
  const appended = `${readme.trimEnd()}\n\n${heading ? `## ${heading}\n\n` : ""}${section}\n`;
  await writeFile(readmePath, marked.test(readme) ? readme.replace(marked, () => section) : appended);
}
