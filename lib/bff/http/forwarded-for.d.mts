/** The X-Forwarded-For entry TRUST_PROXY_HOPS proxies vouch for, or null (see forwarded-for.mjs). */
export function forwardedFor(header: string | null | undefined, hops: number): string | null;
