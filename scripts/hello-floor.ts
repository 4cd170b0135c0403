// The floor that `npm run measure:js` and `npm run lighthouse` compare against: a hello-world App
// Router app (one layout, one page, no dependencies of ours) built in a scratch directory against the
// same installed next and react, and started with `next start`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdir, rm, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, repoRoot } from "../tests/support/servers";

const nextBin = join(repoRoot, "node_modules", "next", "dist", "bin", "next");

export /**
 * Builds and starts the hello-world app; inside the repository so it resolves the same node_modules.
 * `compileHints`: built with our build's one post-compile step too (lib/build/compile-hints.mjs), so
 * that the floor is what the same framework gives any page built the way ours is.
 */
async function startFloor({ compileHints = false } = {}): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dir = join(repoRoot, ".measure-js", compileHints ? "hello-hinted" : "hello");
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, "app"), { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "hello-floor", private: true }) + "\n");
  const hints = pathToFileURL(join(repoRoot, "lib", "build", "compile-hints.mjs")).href;
  await writeFile(
    join(dir, "next.config.mjs"),
    compileHints
      ? `import { afterCompile } from ${JSON.stringify(hints)};\n` +
          "export default { compiler: { runAfterProductionCompile: afterCompile } };\n"
      : "export default {};\n",
  );
  await writeFile(
    join(dir, "app", "layout.jsx"),
    'export default function Layout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  );
  await writeFile(join(dir, "app", "page.jsx"), "export default function Page() {\n  return <main>Hello</main>;\n}\n");
  // Next finds the repository's instrumentation.ts from inside it too (server side only: it ships no
  // browser JavaScript), so the floor starts the way our server does, on the sandbox.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const, SANDBOX: "1" };
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the hello-world build failed:\n${build.stdout}\n${build.stderr}`);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env,
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(origin).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error("the hello-world app did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      child.kill("SIGTERM");
      await rm(dir, { recursive: true, force: true });
      // The folder goes with the last floor (another may still be running from it).
      await rmdir(join(repoRoot, ".measure-js")).catch(() => {});
    },
  };
}
