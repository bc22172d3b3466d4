import { EVENT_DATE, formatDate } from "../labels/format";

/** When a message was sent (its Date header), else when the mailbox got it: en-GB, UK time, as every screen shows dates. */
export const mailDate = (m: { date: string | null; last_modified: string }) => formatDate(m.date ?? m.last_modified, EVENT_DATE);
