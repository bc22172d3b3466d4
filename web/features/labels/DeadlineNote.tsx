import { ukDayOf } from "../../../shared/uk-calendar";
import { EXTRA_DATE, formatDate } from "./format";
import type { ApiLabel } from "./types";

type DeadlineDay = "expectedBy" | "enquiryBy" | "claimableFrom" | "claimClosesOn";

/**
 * Each date's name while it is ahead, and once it has gone by (in UK days): a window that closed must not read as
 * one still to close ('Claims closed on 27 Nov', not 'Claims close on 27 Nov'). A claim may be made on the day it
 * opens, so that day already reads 'Claimable since'; the other days are still open on the day itself.
 */
const DATES: Array<{ key: DeadlineDay; ahead: string; gone: string; goneOnTheDay?: true }> = [
  { key: "expectedBy", ahead: "Expected by", gone: "Was expected by" },
  { key: "enquiryBy", ahead: "Enquiry by", gone: "Enquiries closed on" },
  { key: "claimableFrom", ahead: "Claimable from", gone: "Claimable since", goneOnTheDay: true },
  { key: "claimClosesOn", ahead: "Claims close on", gone: "Claims closed on" },
];

/**
 * What to do next about the carrier's deadlines, as the server words it: a warning when the
 * parcel is late and the user must act, a quiet line otherwise, nothing once delivered. The
 * detail page also lists the dates.
 */
export function DeadlineNote({ label, detail }: { label: ApiLabel; detail?: boolean }) {
  const deadlines = label.deadlines;
  if (!deadlines?.sentence) return null;
  const today = ukDayOf(Date.now());
  const dates = detail ? DATES.filter(({ key }) => deadlines[key]) : [];
  const list = dates.length > 0 && (
    <dl className="facts small">
      {dates.map(({ key, ahead, gone, goneOnTheDay }) => {
        const day = deadlines[key] as string;
        return (
          <div key={key}>
            <dt>{day < today || (goneOnTheDay && day === today) ? gone : ahead}</dt>
            <dd>{formatDate(day, EXTRA_DATE)}</dd>
          </div>
        );
      })}
    </dl>
  );
  if (deadlines.urgent) {
    return (
      <div className="alert alert-warning deadline-warning" role="status" aria-label="Carrier deadlines">
        <strong>{deadlines.sentence}</strong>
        {list}
      </div>
    );
  }
  return (
    <div>
      <p className="muted small">{deadlines.sentence}</p>
      {list}
    </div>
  );
}
