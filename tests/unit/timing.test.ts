// Deadlines on I/O (lib/timing.ts) in a process that was busy when its deadline passed: the answer
// that had come meanwhile is taken, not thrown away for a timeout.
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { within } from "@/lib/timing";

let peer: ChildProcess | undefined;
afterEach(() => {
  peer?.kill();
  peer = undefined;
});

/** Another process on loopback that answers each line at once, as Redis does; its port. */
async function startPeer(): Promise<number> {
  peer = spawn(
    process.execPath,
    [
      "-e",
      `const s = require("node:net").createServer((c) => c.on("data", () => c.write("answer")));
       s.listen(0, "127.0.0.1", () => console.log(s.address().port));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise<number>((resolve) => peer!.stdout!.once("data", (line) => resolve(Number(String(line)))));
}

describe("within", () => {
  it("takes an answer that came while the process was busy past the deadline", async () => {
    const socket = connect(await startPeer(), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    try {
      const answer = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(String(chunk))));
      socket.write("ask\n");
      const settled = within(answer, 100);
      // Held for 400 ms: the other process answers at once, and the answer waits on the socket.
      const until = Date.now() + 400;
      while (Date.now() < until);
      expect(await settled).toBe("answer");
    } finally {
      socket.destroy();
    }
  });

  it("still gives up on an answer that does not come", async () => {
    const started = Date.now();
    expect(await within(new Promise(() => {}), 100)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
