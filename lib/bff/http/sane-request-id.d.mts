/** A new request id of ours. */
export function mintRequestId(): string;
/** The request's own x-request-id when it is sane, else a new one (see sane-request-id.mjs). */
export function requestIdFrom(given: string | null | undefined): string;
