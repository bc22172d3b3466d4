import { useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { updateProfile } from "./api";
import { TEXT } from "./texts";

type Status = { kind: "idle" | "saving" } | { kind: "ok" | "error"; message: string };

/** Marketing consent, saved as soon as it is toggled. */
export function EmailPreferencesCard({ consent, onSaved }: { consent: boolean; onSaved: () => Promise<unknown> }) {
  const [checked, setChecked] = useState(consent);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  useEffect(() => setChecked(consent), [consent]);

  async function toggle(next: boolean) {
    setChecked(next);
    setStatus({ kind: "saving" });
    try {
      await updateProfile({ marketing_consent: next });
      setStatus({ kind: "ok", message: TEXT.prefsUpdated });
      await onSaved();
    } catch (err) {
      setChecked(!next);
      setStatus({ kind: "error", message: errorText(err, TEXT.prefsFailed) });
    }
  }

  return (
    <section className="card" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{TEXT.privacyTitle}</h2>
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={status.kind === "saving"} onChange={(e) => toggle(e.target.checked)} />
        <span>{TEXT.marketingLabel}</span>
      </label>
      <p role="status" aria-live="polite" className={status.kind === "error" ? "settings-error-text" : "settings-ok-text"}>
        {"message" in status ? status.message : ""}
      </p>
      <p className="small">
        <Link to="/terms#privacy">{TEXT.privacyLink}</Link>
      </p>
    </section>
  );
}
