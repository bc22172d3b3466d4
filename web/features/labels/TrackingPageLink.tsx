import { useEffect, useId, useRef, useState } from "react";
import { errorText } from "../../api/client";
import { copyText } from "../../components/clipboard";
import { CheckIcon, CopyIcon } from "../../components/icons";
import { InlineConfirm } from "../../components/InlineConfirm";
import { copyPageLinkTitle, EVENT_DATE, formatDate } from "./format";
import { MOMENT_NAMES } from "./buyerTexts";
import { useBuyerMails, useSendToBuyer, useTrackingPage } from "./trackingPageApi";
import type { ApiLabel } from "./types";

/**
 * 'Opened 3 times, last 25 Nov, 19:58' or 'Not opened yet'; inside a sentence ('The last link was opened …') its
 * first word in lower case, the date as dates are written ('25 Nov', never '25 nov').
 */
export function pageViewsText(label: ApiLabel, inSentence = false): string {
  const n = label.trackingPageViews;
  const text = !n ? "Not opened yet" : `Opened ${n === 1 ? "once" : `${n} times`}${label.trackingPageViewedAt ? `, last ${formatDate(label.trackingPageViewedAt, EVENT_DATE)}` : ""}`;
  return inSentence ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * 'Copy buyer tracking link': copies the buyer's tracking page address, making the page first when the label has
 * none (the address is copied in the same click, as Safari wants), and says so: its title tells before, 'Page made,
 * link copied' after (a public page is never made silently). Says 'Link copied' for 1.5 s, or why it failed.
 */
export function CopyPageLinkButton({ label, onChange, className = "btn btn-sm" }: { label: ApiLabel; onChange?: (label: ApiLabel) => void; className?: string }) {
  const { share } = useTrackingPage(label.id, onChange);
  const [state, setState] = useState<"idle" | "copied" | "made" | "failed">("idle");
  const [error, setError] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    setState("idle");
    // The server's reason when making the link failed (the clipboard then reports its own, vaguer error).
    let shareError: unknown;
    const making = !label.trackingPageUrl;
    const url =
      label.trackingPageUrl ??
      share.mutateAsync().then(
        (l) => l.trackingPageUrl ?? Promise.reject(new Error("No link was made.")),
        (err: unknown) => {
          shareError = err;
          throw err;
        },
      );
    try {
      await copyText(url);
      setState(making ? "made" : "copied");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState("idle"), 1500);
    } catch (err) {
      setError(errorText(shareError ?? err, "Could not copy the link."));
      setState("failed");
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={copy}
        disabled={share.isPending}
        aria-describedby={state === "failed" ? errorId : undefined}
        title={copyPageLinkTitle(label)}
      >
        {state === "copied" || state === "made" ? <CheckIcon /> : <CopyIcon />}
        <span aria-live="polite">
          {state === "copied" ? "Link copied" : state === "made" ? "Page made, link copied" : share.isPending ? "Making page…" : "Copy buyer tracking link"}
        </span>
      </button>
      {state === "failed" && (
        <span id={errorId} className="small field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/**
 * On the label page: the buyer's tracking page, its address, how often it was opened, switching it off, 'Send to
 * buyer', and the mails that went to the buyer.
 */
export function TrackingPageCard({ label, onChange }: { label: ApiLabel; onChange: (label: ApiLabel) => void }) {
  const { share, switchOff } = useTrackingPage(label.id, onChange);
  const [confirming, setConfirming] = useState(false);
  const failed = share.error ?? switchOff.error;
  const url = label.trackingPageUrl;
  return (
    <section className="card stack tracking-page-card" aria-labelledby="tracking-page-title">
      <h2 id="tracking-page-title">Buyer tracking page</h2>
      {url ? (
        <>
          <p className="small muted">Your buyer sees where the parcel is, when it should arrive and your branding. No address, e-mail or phone is shown.</p>
          <div className="field">
            <label htmlFor="tracking-page-url">Link for your buyer</label>
            <input id="tracking-page-url" className="input mono" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </div>
          <p className="small" role="status">
            {pageViewsText(label)}
          </p>
          <div className="row" role="group" aria-label="Tracking page actions">
            <CopyPageLinkButton label={label} onChange={onChange} className="btn btn-sm btn-primary" />
            <SendToBuyerButton label={label} />
            <a className="btn btn-sm" href={url} target="_blank" rel="noopener noreferrer">
              Open page
            </a>
            {!confirming && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(true)} disabled={switchOff.isPending}>
                Switch off link
              </button>
            )}
          </div>
          {confirming && (
            <InlineConfirm
              question="Switch this link off? It stops working at once for anyone who has it. You can make a new link afterwards."
              confirm="Switch off"
              onConfirm={() => {
                setConfirming(false);
                switchOff.mutate();
              }}
              onCancel={() => setConfirming(false)}
            />
          )}
        </>
      ) : (
        <>
          <p className="small muted">
            Make a page your buyer can open on their phone: where the parcel is, when it should arrive and your branding. No address, e-mail or phone is shown.
            {label.trackingPageViews > 0 && ` The last link was ${pageViewsText(label, true)}.`}
          </p>
          <div className="row">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => share.mutate()} disabled={share.isPending}>
              {share.isPending ? "Making link…" : "Create link"}
            </button>
            <SendToBuyerButton label={label} />
          </div>
        </>
      )}
      {failed && (
        <p className="small field-error" role="alert">
          {errorText(failed, "Could not change the tracking page.")}
        </p>
      )}
      <BuyerMailList label={label} />
    </section>
  );
}

/** 'Send to buyer': the page's link by e-mail to the label's buyer, now; says where it went or why it did not. */
export function SendToBuyerButton({ label, className = "btn btn-sm" }: { label: ApiLabel; className?: string }) {
  const send = useSendToBuyer(label.id);
  const statusId = useId();
  if (!label.buyerEmail) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => send.mutate()}
        disabled={send.isPending || send.isSuccess}
        aria-describedby={send.isSuccess || send.isError ? statusId : undefined}
      >
        {send.isPending ? "Sending…" : send.isSuccess ? "Sent" : "Send to buyer"}
      </button>
      {(send.isSuccess || send.isError) && (
        <span id={statusId} className={send.isError ? "small field-error" : "small muted"} role={send.isError ? "alert" : "status"}>
          {send.isSuccess ? `Link sent to ${label.buyerEmail}` : errorText(send.error, "Could not send the link.")}
        </span>
      )}
    </>
  );
}

/** The mails that went to the label's buyer, as a list; what a seller checks when a buyer asks. */
function BuyerMailList({ label }: { label: ApiLabel }) {
  const mails = useBuyerMails(label.id);
  if (!label.buyerEmail && !mails.data?.mails.length) {
    return <p className="small muted">Add the buyer's e-mail in Edit details to send them the link and tracking e-mails.</p>;
  }
  if (mails.isPending) return <p className="small muted">Loading e-mails…</p>;
  if (mails.isError) return <p className="small field-error">{errorText(mails.error, "Could not load the e-mails sent.")}</p>;
  const list = mails.data.mails;
  return (
    <div>
      <p className="small">
        {label.buyerEmail ? `E-mails to ${label.buyerEmail}` : "E-mails to the buyer"}
        {!label.buyerNotifications && " (tracking e-mails switched off for this label)"}
      </p>
      {list.length ? (
        <ul className="plain-list buyer-mails">
          {list.map((m) => (
            <li key={m.kind}>
              <span>{MOMENT_NAMES[m.kind]}</span> <span className="muted">{m.status === "capped" ? "not sent: today's limit was reached" : formatDate(m.at, EVENT_DATE)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">None sent yet.</p>
      )}
    </div>
  );
}
