import { useState, type FormEvent } from "react";

/** What a request by e-mail came to: 'sent' is a status, 'failed' an alert; both are read out as they appear. */
export type Outcome = { kind: "sent" | "failed"; message: string } | null;

/**
 * A form that asks for one e-mail address and sends a request for it (a reset link, a new
 * verification link): the address, whether the request is on its way, and what it came to.
 */
export function useEmailRequest(request: (email: string) => Promise<Outcome>) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    setOutcome(await request(email.trim()));
    setBusy(false);
  }

  return { email, setEmail, busy, outcome, onSubmit };
}

/** The outcome in a live region that is there before it, so screen readers read it out as it appears. */
export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return (
    <div aria-live="polite">
      {outcome && (
        <div className={`alert ${outcome.kind === "sent" ? "alert-success" : "alert-error"}`} role={outcome.kind === "sent" ? "status" : "alert"}>
          {outcome.message}
        </div>
      )}
    </div>
  );
}
