import { EVENT_DATE, formatDate } from "../labels/format";

// Sizes are formatFileSize's ('640 B', '12 KB', '1.5 MB'): a short message never reads '0 KB' (issue 33).

/** When a message was sent (its Date header), else when the mailbox got it: en-GB, UK time, as every screen shows dates. */
export const mailDate = (m: { date: string | null; last_modified: string }) => formatDate(m.date ?? m.last_modified, EVENT_DATE);

