import { useId, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { useRetention, useSaveRetention } from "./your-data-api";
import { YOUR_DATA_TEXT as TEXT } from "./texts";

/** Settings → how long recipients' addresses are kept (saved as soon as it is chosen). */
export function RetentionCard() {
  const query = useRetention();
  const save = useSaveRetention();
  const id = useId();
  const [status, setStatus] = useState<{ kind: "idle" | "saving" } | { kind: "ok" | "error"; text: string }>({ kind: "idle" });

  async function choose(value: string) {
    setStatus({ kind: "saving" });
    try {
      await save(value === "" ? null : Number(value));
      setStatus({ kind: "ok", text: TEXT.retentionSaved });
    } catch (err) {
      setStatus({ kind: "error", text: errorText(err, TEXT.retentionFailed) });
    }
  }

  return (
    <section className="card" aria-labelledby="retention-title" aria-busy={query.isPending}>
      <h2 id="retention-title">{TEXT.retentionTitle}</h2>
      <p>{TEXT.retentionIntro}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {TEXT.retentionLoading}
        </p>
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{errorText(query.error, TEXT.retentionLoadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="field">
          <label className="label" htmlFor={id}>
            {TEXT.retentionLabel}
          </label>
          <select
            id={id}
            className="input"
            value={query.data.addressRetentionDays ?? ""}
            disabled={status.kind === "saving"}
            onChange={(e) => void choose(e.target.value)}
          >
            {query.data.choices.map((days) => (
              <option key={days ?? "kept"} value={days ?? ""}>
                {TEXT.retentionChoice(days)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p role="status" aria-live="polite" className={status.kind === "error" ? "settings-error-text" : "settings-ok-text"}>
        {"text" in status ? status.text : ""}
      </p>
      <p className="small">
        <Link to="/terms#privacy">{TEXT.retentionPrivacyLink}</Link>
      </p>
    </section>
  );
}
