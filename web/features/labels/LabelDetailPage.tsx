import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, errorText } from "../../api/client";
import { DetailsEditor } from "./DetailsEditor";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { AddressCard } from "./AddressCard";
import { CopyButton } from "../../components/CopyButton";
import { CourierLogo } from "./CourierLogo";
import { DeadlineNote } from "./DeadlineNote";
import { Facts, LostWarning } from "./LabelCard";
import { NotesTagsEditor } from "./NotesTagsEditor";
import { OutcomeControl } from "./OutcomeControl";
import { TrackingEventList } from "./TrackingEvents";
import { TrackingRefreshButton } from "./TrackingRefreshButton";
import { EXTRA_DATE, details, formatDate, formatPence, noEventsText, senderAddress, sendParcelUrl, trackingEvents } from "./format";
import { useTitleName } from "../../app/titles";
import { downloadOriginal, labelQueryKey, useCourier, useCouriers, useLabel } from "./labelsApi";
import type { ApiLabel } from "./types";
import { PrintButton, usePrintPlan } from "./PrintAction";
import { ReadingNote } from "./ReadingNote";
import { unreadText } from "./readingTexts";
import { TrackingPageCard } from "./TrackingPageLink";
import { DeleteLabelButton } from "./DeleteLabels";
import { LabelOrderCard } from "../orders/LabelOrderCard";

// Bordered, as the page's other actions are: borderless on a phone, it read as stray text set in by its padding.
const BackLink = () => (
  <Link to="/labels" className="btn">
    Back to all labels
  </Link>
);

export default function LabelDetailPage() {
  const { code = "" } = useParams();
  const query = useLabel(code);
  // The page names the courier from the couriers call: ask for it beside the label, not after it.
  useCouriers();
  const queryClient = useQueryClient();
  const notFound = (query.isError && query.error instanceof ApiError && query.error.status === 404) || (query.isSuccess && !query.data);
  const label = query.data ?? null;
  useTitleName(label?.trackingCode);
  // A save answers the label as it now is: that is the cached label.
  const onChange = (l: ApiLabel) => queryClient.setQueryData(labelQueryKey(code), l);
  return (
    <div className="container label-detail">
      <PageHeader title="Label Details" subtitle={label ? <span className="mono">{label.trackingCode}</span> : undefined}>
        <BackLink />
      </PageHeader>
      {query.isPending && <Spinner label="Loading label…" />}
      {notFound && <div className="card empty">Label not found.</div>}
      {query.isError && !notFound && (
        <div className="card alert-error" role="alert">
          {errorText(query.error, "Failed to fetch label")}
        </div>
      )}
      {label && <LoadedLabel label={label} onChange={onChange} onRefreshed={() => void query.refetch()} />}
    </div>
  );
}

function LoadedLabel({ label, onChange, onRefreshed }: { label: ApiLabel; onChange: (l: ApiLabel) => void; onRefreshed: () => void }) {
  const d = details(label);
  const events = trackingEvents(label);
  const courier = useCourier(label.courier);
  const printing = usePrintPlan(label);
  const hasBytes = Boolean(label.file?.hasBytes);
  const [downloading, setDownloading] = useState(false);
  const [editing, setEditing] = useState(false);
  // Once the details form closes (saved or cancelled), focus goes back to the button that opened it, not to the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const sources = d.fieldSources ?? {};
  // An address missing while the image is still read may yet be found: not 'Not on this label.' until then.
  const unread = unreadText(label);
  const navigate = useNavigate();

  async function download() {
    setDownloading(true);
    try {
      await downloadOriginal(label);
    } catch (err) {
      window.alert(errorText(err, "Failed to download file"));
    } finally {
      setDownloading(false);
    }
  }

  const extraFacts: Array<[string, string]> = [
    ["Label created", formatDate(d.shippingLabelCreatedAt ?? d.date, EXTRA_DATE)],
    ["Delivered", formatDate(d.deliveredAt, EXTRA_DATE)],
    ["Declared value", formatPence(d.declaredValuePence)],
  ].filter((x): x is [string, string] => Boolean(x[1]));

  return (
    <div className="stack">
      <div className="row detail-actions" role="group" aria-label="Label actions">
        <PrintButton label={label} plan={printing.plan} courier={printing.courier} noteId={printing.note ? "print-note" : undefined} />
        <button
          type="button"
          className="btn"
          onClick={download}
          disabled={!hasBytes || downloading}
          title={hasBytes ? undefined : "No original file available"}
          aria-describedby={hasBytes ? undefined : "download-note"}
        >
          Download original
        </button>
        <Link className="btn" to={`/label/${encodeURIComponent(label.id)}/claim`}>
          Claim pack
        </Link>
        <TrackingRefreshButton labelId={label.id} onRefreshed={onRefreshed} />
        {courier?.sendParcel && (
          <a className="btn" href={sendParcelUrl(courier.sendParcel.url, label)} target="_blank" rel="noopener noreferrer">
            {courier.sendParcel.text}
          </a>
        )}
        {/* Deleted: back to the list, which says so with Undo. */}
        <DeleteLabelButton label={label} className="btn btn-danger" onDeleted={() => navigate("/labels")} />
      </div>

      {/* The title shows on hover only, which a phone has not: the reason the button is off is said under the actions
          too, as the print note is (and 'Create Label' at zero credits). */}
      {!hasBytes && (
        <p id="download-note" className="print-note">
          No original file available.
        </p>
      )}
      {printing.note && (
        <p id="print-note" className={printing.plan.how === "none" ? "print-note print-note-warning" : "print-note"}>
          {printing.note}
        </p>
      )}
      <ReadingNote status={label.ocrStatus} />
      <LostWarning label={label} detail />
      <DeadlineNote label={label} detail />
      {/* Which order the parcel is for: asked first, right after the upload that made it. */}
      <LabelOrderCard labelId={label.id} savedAt={label.updatedAt} />
      <OutcomeControl label={label} onChange={onChange} />
      <TrackingPageCard label={label} onChange={onChange} />

      <section className="card stack" aria-label="Label">
        <div className="label-card-head">
          <CourierLogo courier={label.courier} />
          <span className="mono tracking-code">{label.trackingCode}</span>
          <CopyButton value={label.trackingCode} label="Copy tracking code" />
          {!editing && (
            <button type="button" ref={editButton} className="btn btn-sm label-edit-button" onClick={() => setEditing(true)}>
              Edit details
            </button>
          )}
        </div>
        <div className="address-grid three">
          <AddressCard title="Sender" address={senderAddress(label)} source={sources.fromAddress} empty={unread} />
          <AddressCard title="Recipient" address={d.address} source={sources.address} empty={unread} />
          <AddressCard title="Return address" address={d.returnAddress} source={sources.returnAddress} empty={unread} />
        </div>
        <Facts label={label} />
        {extraFacts.length > 0 && (
          <dl className="facts">
            {extraFacts.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {editing && (
        <DetailsEditor
          label={label}
          onCancel={() => setEditing(false)}
          onSaved={(l) => {
            onChange(l);
            setEditing(false);
          }}
        />
      )}

      <div className="detail-columns">
        <NotesTagsEditor label={label} onSaved={onChange} />
        <section className="card" aria-labelledby="events-title">
          <h2 id="events-title">Tracking Events</h2>
          {events.length === 0 ? <p className="muted">{noEventsText(courier, "detail")}</p> : <TrackingEventList events={events} className="events-scroll" />}
        </section>
      </div>
    </div>
  );
}
