import dayjs from "dayjs";

/** 'MMM D, YYYY h:mm A', from the Date header, else when the mailbox got it. */
export const mailDate = (m: { date: string | null; last_modified: string }) =>
  dayjs(m.date ?? m.last_modified).format("MMM D, YYYY h:mm A");
