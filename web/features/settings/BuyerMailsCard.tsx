import { useEffect, useState } from "react";
import { errorText } from "../../api/client";
import { BUYER_MOMENTS, MOMENT_NAMES } from "../labels/buyerTexts";
import { updateProfile } from "./api";
import { TEXT } from "./texts";

type Moment = (typeof BUYER_MOMENTS)[number];
type Status = { kind: "idle" | "saving" } | { kind: "ok" | "error"; message: string };

/** What each moment's mail tells the buyer. */
const WHEN: Record<Moment, string> = {
  shipped: "when the carrier first scans the parcel",
  out_for_delivery: "on the morning it is out for delivery",
  delivered: "when it is delivered or collected",
  delayed: "if it is taking longer than expected (worded calmly; you are told too)",
};

/** The moments buyers are mailed at, saved as each is ticked. */
export function BuyerMailsCard({ moments, onSaved }: { moments: Moment[]; onSaved: () => Promise<unknown> }) {
  const [chosen, setChosen] = useState<Moment[]>(moments);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  useEffect(() => setChosen(moments), [moments]);

  async function toggle(moment: Moment, on: boolean) {
    const before = chosen;
    const next = BUYER_MOMENTS.filter((m) => (m === moment ? on : chosen.includes(m)));
    setChosen(next);
    setStatus({ kind: "saving" });
    try {
      await updateProfile({ buyer_mail_moments: next });
    } catch (err) {
      setChosen(before);
      setStatus({ kind: "error", message: errorText(err, TEXT.buyerMailsFailed) });
      return;
    }
    // The boxes stay disabled until the account is read again: a tick made while that read was on its way was undone
    // by its older answer (a moment ticked quickly after another was lost). The save went through either way.
    await onSaved().catch(() => undefined);
    setStatus({ kind: "ok", message: TEXT.buyerMailsSaved });
  }

  return (
    <section className="card stack" aria-labelledby="buyer-mails-title">
      <h2 id="buyer-mails-title">{TEXT.buyerMailsTitle}</h2>
      <p className="small muted">{TEXT.buyerMailsIntro}</p>
      <fieldset className="choice-group">
        <legend className="label">{TEXT.buyerMailsLegend}</legend>
        {BUYER_MOMENTS.map((m) => (
          <label key={m} className="checkbox">
            <input type="checkbox" checked={chosen.includes(m)} disabled={status.kind === "saving"} onChange={(e) => toggle(m, e.target.checked)} />
            <span>
              <strong>{MOMENT_NAMES[m]}</strong> <span className="muted">{WHEN[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" aria-live="polite" className={status.kind === "error" ? "settings-error-text" : "settings-ok-text"}>
        {"message" in status ? status.message : ""}
      </p>
    </section>
  );
}
