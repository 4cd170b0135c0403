// compose.yaml's app command: `npm start`'s front (server/start.mjs), with one APP_SECRET for every
// instance. Swap links and operator sessions are signed with keys derived from it, so each instance
// must hold the same one. Set APP_SECRET to give your own (required on the real service: see
// docs/deploy.md). Without it, the first instance to start makes one at random into the volume all
// instances mount, and the others read it: the stack never runs on a secret written in this
// repository, and links survive restarts for as long as the volume is kept.
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (!process.env.APP_SECRET?.trim()) {
  const file = fileURLToPath(new URL("../.data/shared/app-secret", import.meta.url));
  const read = () => readFileSync(file, "utf8").trim();
  let secret;
  try {
    secret = read();
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
    // Written whole under another name, then linked into place: linking fails if another instance
    // got there first, and then its secret is the one.
    const mine = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(mine, randomBytes(32).toString("base64url"), { mode: 0o600 });
    try {
      linkSync(mine, file);
    } catch (linkError) {
      if (linkError.code !== "EEXIST") throw linkError;
    } finally {
      rmSync(mine, { force: true });
    }
    secret = read();
    console.log(`[config] APP_SECRET is not set: using the stack's own random one (${file})`);
  }
  process.env.APP_SECRET = secret;
}

await import("../server/start.mjs");
