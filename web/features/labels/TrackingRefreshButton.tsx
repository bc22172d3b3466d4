import { useEffect, useRef, useState } from "react";
import { api, errorText } from "../../api/client";

/** What POST /api/v1/label/:id/refresh-tracking answers (worker/tracking/routes.ts). */
interface RefreshAnswer {
  tracking: { status: string | null; checkedAt: string | null; error: string | null };
  events: number;
  lostStatus: { potentiallyLost: boolean };
}

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; text: string; warn: boolean } | { kind: "error"; text: string };

const DONE_MS = 4000;

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg className={spinning ? "tracking-refresh-icon is-spinning" : "tracking-refresh-icon"} width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a9 9 0 1 1-2.64-6.36" />
      <path d="M21 3v6h-6" />
    </svg>
  );
}

/**
 * 'Refresh tracking' on the label detail: asks the carrier now (rate limited per label on the
 * server), says what happened in a live region, and lets the page reload the label.
 */
export function TrackingRefreshButton({ labelId, onRefreshed }: { labelId: string; onRefreshed?: () => void }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function refresh() {
    clearTimeout(timer.current);
    setState({ kind: "busy" });
    try {
      const answer = await api<RefreshAnswer>(`/api/v1/label/${encodeURIComponent(labelId)}/refresh-tracking`, { method: "POST" });
      const text = answer.tracking.error ?? (answer.events === 1 ? "Tracking updated: 1 event." : `Tracking updated: ${answer.events} events.`);
      setState({ kind: "done", text, warn: Boolean(answer.tracking.error) });
      timer.current = setTimeout(() => setState({ kind: "idle" }), DONE_MS);
      onRefreshed?.();
    } catch (err) {
      setState({ kind: "error", text: errorText(err, "Could not refresh tracking.") });
    }
  }

  const busy = state.kind === "busy";
  return (
    <span className="tracking-refresh">
      <button type="button" className="btn" onClick={refresh} disabled={busy} aria-busy={busy}>
        <RefreshIcon spinning={busy} />
        {busy ? "Refreshing…" : "Refresh tracking"}
      </button>
      <span
        className={`tracking-refresh-msg${state.kind === "error" ? " is-error" : state.kind === "done" && state.warn ? " is-warn" : ""}`}
        role={state.kind === "error" ? "alert" : "status"}
        aria-live={state.kind === "error" ? "assertive" : "polite"}
      >
        {state.kind === "done" || state.kind === "error" ? state.text : ""}
      </span>
    </span>
  );
}
