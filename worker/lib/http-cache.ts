/**
 * How the Worker's answers may be cached (docs/operations-and-scale.md 'Caching'). Every API answer is personal or live unless it says
 * otherwise: `private, no-store` keeps it out of shared caches and off the browser's disk. The few answers that are
 * the same for everyone and change only with a deploy (the courier registry, the API document and its page) may be
 * kept five minutes.
 */
export const NO_STORE = "private, no-store";
export const PUBLIC_FIVE_MINUTES = "public, max-age=300";
