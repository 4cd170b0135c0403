import { describe, expect, it } from "vitest";
import { retryWait } from "@/lib/client/retry-wait";

describe("the wait a refusal asks for, in words a person would use", () => {
  it("counts up to a minute and a half in seconds", () => {
    expect(retryWait(1)).toEqual({ unit: "seconds", count: 1 });
    expect(retryWait(59.2)).toEqual({ unit: "seconds", count: 60 });
    expect(retryWait(90)).toEqual({ unit: "seconds", count: 90 });
  });
  it("counts longer waits in whole minutes, rounded up, then in hours past an hour and a half", () => {
    expect(retryWait(91)).toEqual({ unit: "minutes", count: 2 });
    expect(retryWait(60 * 60)).toEqual({ unit: "minutes", count: 60 });
    expect(retryWait(90 * 60 + 1)).toEqual({ unit: "hours", count: 2 });
    // The login's day cap: never "86400 seconds".
    expect(retryWait(86_400)).toEqual({ unit: "hours", count: 24 });
  });
});
