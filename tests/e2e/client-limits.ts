// Every browser in the e2e suite is 127.0.0.1: one "client" to the BFF's per-client limits. The
// suite is many users, not one flood, so its servers lift those limits
// (tests/bff/security-limits-sessions.test.ts checks them). That includes the client's share of the key's upstream calls: the status pages'
// live reads are charged to the client that polls, and a suite watching a dozen swaps at once
// spent one client's quarter of 120 calls a minute and had its next quote refused.
export const generousClientLimits = {
  CLIENT_QUOTES_PER_MINUTE: "100000",
  CLIENT_SWAPS_PER_MINUTE: "100000",
  CLIENT_READS_PER_MINUTE: "100000",
  CLIENT_BUDGET_SHARE: "1",
};
