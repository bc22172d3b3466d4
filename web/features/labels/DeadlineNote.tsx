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
 * How the server's sentence (worker/deadlines/deadlines.ts) names each date when it gives one: 'Expected by Thu 26 Nov',
 * 'until 4 Dec', 'claim from 8 Dec', 'claims close on 30 Dec' or 'window closed on 27 Nov'.
 */
const SAID: Record<DeadlineDay, string> = {
  expectedBy: "Expected by (?:\\w{3} )?",
  enquiryBy: "until ",
  claimableFrom: "claim from ",
  claimClosesOn: "(?:close|closed) on ",
};

/**
 * Whether the sentence gives this date already, by its name and day ('4 Dec' not within '14 Dec' or '4 Dec 2027'): the
 * list then leaves it out, so the page says it once ('Waiting for Evri's first scan; claims close on 30 Dec' was
 * followed by 'Claims close on 30 Dec'). A date the sentence does not give, or gives under another name, stays listed.
 */
function saidIn(sentence: string, key: DeadlineDay, day: string): boolean {
  const escaped = day.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${SAID[key]}${escaped}(?![\\d]| \\d)`, "i").test(sentence);
}

/**
 * What to do next about the carrier's deadlines, as the server words it: a warning when the
 * parcel is late and the user must act, a quiet line otherwise, nothing once delivered. The
 * detail page also lists the dates the sentence does not give.
 */
export function DeadlineNote({ label, detail }: { label: ApiLabel; detail?: boolean }) {
  const deadlines = label.deadlines;
  if (!deadlines?.sentence) return null;
  const today = ukDayOf(Date.now());
  const sentence = deadlines.sentence;
  const dates = detail
    ? DATES.flatMap(({ key, ahead, gone, goneOnTheDay }) => {
        const day = deadlines[key];
        if (!day) return [];
        const shown = formatDate(day, EXTRA_DATE);
        if (saidIn(sentence, key, shown)) return [];
        return [{ key, name: day < today || (goneOnTheDay && day === today) ? gone : ahead, shown }];
      })
    : [];
  const list = dates.length > 0 && (
    <dl className="facts small">
      {dates.map(({ key, name, shown }) => (
        <div key={key}>
          <dt>{name}</dt>
          <dd>{shown}</dd>
        </div>
      ))}
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
