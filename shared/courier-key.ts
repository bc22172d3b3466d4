/** A courier's name compared ignoring case, spaces, underscores and hyphens ('Royal Mail' -> 'royalmail'). */
export const courierKey = (name: string | null | undefined) => (name ?? "").toLowerCase().replace(/[\s_-]+/g, "");
