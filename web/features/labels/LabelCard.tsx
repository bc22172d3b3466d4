import { useId, useState } from "react";
import { Link } from "react-router";
import type { ApiLabel } from "./types";
import { AddressCard } from "./AddressCard";
import { CopyButton } from "../../components/CopyButton";
import { CourierLogo } from "./CourierLogo";
import { DeadlineNote } from "./DeadlineNote";
import { OrderQuestionMark, TagsAndNote } from "./LabelSummary";
import { OutcomeBadge } from "./OutcomeControl";
import { TrackingEventList } from "./TrackingEvents";
import {
  EVENT_DATE,
  courierOf,
  details,
  formatDate,
  formatDimensions,
  formatWeight,
  LOST_HEADLINE,
  noEventsText,
  senderAddress,
  serviceType,
  trackingEvents,
} from "./format";
import { useCouriers } from "./labelsApi";
import { unreadText } from "./readingTexts";
import { PrintButton, usePrintPlan } from "./PrintAction";
import { CopyPageLinkButton, SendToBuyerButton } from "./TrackingPageLink";
import { DeleteLabelButton } from "./DeleteLabels";

/** The potentially-lost warning (list card and detail banner), with the server's reason in words. */
export function LostWarning({ label, detail }: { label: ApiLabel; detail?: boolean }) {
  const lost = label.lostStatus;
  if (!lost.potentiallyLost) return null;
  return (
    <div className="alert alert-warning lost-warning" role="status">
      <strong>{LOST_HEADLINE}</strong>
      {lost.reason && lost.reason !== LOST_HEADLINE && <div className="small">{lost.reason}</div>}
      {lost.potentiallyLostAt && <div className="small">Flagged since {formatDate(lost.potentiallyLostAt, EVENT_DATE)}</div>}
      {detail && lost.lostEmailSentAt && <div className="small">Notification sent {formatDate(lost.lostEmailSentAt, EVENT_DATE)}</div>}
    </div>
  );
}

export function Facts({ label }: { label: ApiLabel }) {
  const d = details(label);
  const items: Array<[string, string]> = [
    ["Dimensions", formatDimensions(d.dimensionsCm)],
    ["Weight", formatWeight(d.weightInGrams)],
    ["Service type", serviceType(label)],
  ];
  return (
    <dl className="facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v || <span className="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The card's (and a table row's) Print; where the label cannot print, why, in words beside the disabled button. */
export function CardPrint({ label }: { label: ApiLabel }) {
  const noteId = useId();
  const { plan, note, courier } = usePrintPlan(label);
  return (
    <>
      {plan.how === "none" && (
        <span id={noteId} className="small muted">
          {note}
        </span>
      )}
      <PrintButton label={label} plan={plan} courier={courier} className="btn btn-sm" noteId={plan.how === "none" ? noteId : undefined} />
    </>
  );
}

/** One label in the list; with `onSelectedChange`, a checkbox to select it for printing in bulk. */
export function LabelCard({ label, selected, onSelectedChange }: { label: ApiLabel; selected?: boolean; onSelectedChange?: (selected: boolean) => void }) {
  const [showAll, setShowAll] = useState(false);
  const eventsId = useId();
  const d = details(label);
  const events = trackingEvents(label);
  const shown = showAll ? events : events.slice(0, 1);
  // One couriers query for the card (a page of 15 cards ran 75 of them, one a component, in the first render).
  const couriers = useCouriers();
  const courier = courierOf(couriers.data, label.courier);
  // Until the couriers call answers, the courier's own no-events text is not known: hold its line.
  const couriersPending = couriers.isPending;
  return (
    <article className="card label-card" aria-label={`Label ${label.trackingCode}`}>
      <header className="label-card-head">
        {onSelectedChange && (
          <input
            type="checkbox"
            className="label-select"
            aria-label={`Select label ${label.trackingCode}`}
            checked={selected ?? false}
            onChange={(e) => onSelectedChange(e.target.checked)}
          />
        )}
        <CourierLogo courier={label.courier} />
        <span className="mono tracking-code">{label.trackingCode}</span>
        <CopyButton value={label.trackingCode} label="Copy tracking code" />
        <OutcomeBadge label={label} />
        <OrderQuestionMark label={label} />
      </header>
      <LostWarning label={label} />
      <DeadlineNote label={label} />
      <div className="address-grid">
        <AddressCard title="Sender" address={senderAddress(label)} empty={unreadText(label)} />
        <AddressCard title="Recipient" address={d.address} empty={unreadText(label)} />
      </div>
      <Facts label={label} />
      <section aria-label="Tracking events" id={eventsId}>
        <div className="card-title">Tracking</div>
        {events.length === 0 ? (
          <p className="muted small">{courier || !couriersPending ? noEventsText(courier, "card") : "\u00a0"}</p>
        ) : (
          <>
            <TrackingEventList events={shown} />
            {events.length > 1 && (
              <button type="button" className="link-button" aria-expanded={showAll} aria-controls={eventsId} onClick={() => setShowAll((s) => !s)}>
                {showAll ? "Hide details" : "Show all updates"}
              </button>
            )}
          </>
        )}
      </section>
      <TagsAndNote label={label} />
      <footer className="label-card-foot">
        <span className="muted small">Last updated {formatDate(label.updatedAt, EVENT_DATE)}</span>
        <div className="row label-card-actions">
          <CardPrint label={label} />
          <CopyPageLinkButton label={label} />
          <SendToBuyerButton label={label} />
          <Link className="btn btn-sm" to={`/label/${label.id ? label.id : encodeURIComponent(label.trackingCode)}`}>
            More Info
          </Link>
          <DeleteLabelButton label={label} />
        </div>
      </footer>
    </article>
  );
}
