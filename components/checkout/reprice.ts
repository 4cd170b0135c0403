/** The service refused the price shown (taken by another swap, expired, unknown): a routine re-price, not an error. */
export const repriceCodes: ReadonlySet<string> = new Set(["quote_expired", "quote_not_found", "quote_already_used"]);
