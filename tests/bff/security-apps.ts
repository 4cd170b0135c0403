// The apps several sections of the safety review's tests share as they are, each started once per file.
import {
  NO_CLIENT_LIMITS,
  instancesOnRedisFixture,
  sandboxAppFixture,
  sharedFixture,
  upstreamAppFixture,
} from "./fixtures";

export const PASSWORD = "operator-password-123";
/** Short enough to be warned of at start (section 6). */
export const SHORT_PASSWORD = "hunter2";

// Each is started once for the file that calls for it (by the first section that runs with it:
// see sharedFixture): a start costs seconds of CPU, the better part of these files' time. What a
// section needs of its own it starts itself. No section depends on what another did to them: their
// per-client limits are out of the way (NO_CLIENT_LIMITS), but for the Redis instances' reads,
// which section 3 counts from an address of its own.
/** The app on its embedded sandbox. */
export const onSandboxApp = () =>
  sharedFixture(sandboxAppFixture({ ...NO_CLIENT_LIMITS, PARTNER_DASHBOARD_PASSWORD: SHORT_PASSWORD }));
/** The app in upstream mode on a test key over plain http, SANDBOX unset. */
export const onUpstreamApp = () => sharedFixture(upstreamAppFixture({ ...NO_CLIENT_LIMITS, SANDBOX: "" }));
/** Three instances of one deployment on one Redis, the third's operator password since changed. */
export const onRedisInstances = () =>
  sharedFixture(
    instancesOnRedisFixture(
      { CLIENT_READS_PER_MINUTE: "6", PARTNER_DASHBOARD_PASSWORD: PASSWORD },
      { CLIENT_READS_PER_MINUTE: "6", PARTNER_DASHBOARD_PASSWORD: PASSWORD },
      { PARTNER_DASHBOARD_PASSWORD: "a-new-password-456" },
    ),
  );
