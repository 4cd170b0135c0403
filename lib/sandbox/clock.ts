// The sandbox's time: real time, optionally sped up, and movable forward by tests.

export type SandboxClock = {
  now(): number;
  /** Moves sandbox time forward (tests, the `/sandbox/clock` control). */
  advance(ms: number): void;
};

export function createScaledClock(scale = 1, realNow: () => number = Date.now): SandboxClock {
  const start = realNow();
  let offset = 0;
  return {
    now: () => start + (realNow() - start) * scale + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export function createManualClock(start = Date.parse("2026-11-01T12:00:00.000Z")): SandboxClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}
