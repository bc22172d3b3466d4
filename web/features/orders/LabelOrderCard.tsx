import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { errorText } from "../../api/client";
import { InlineConfirm } from "../../components/InlineConfirm";
import { type LabelOrderAnswer, useAnswerLabelOrder, useLabelOrder, useSellsOnMarketplaces } from "./api";
import { DispatchStatus, OrderSummary } from "./OrderSummary";
import { ORDERS_TEXT as T } from "./texts";

/**
 * A label's marketplace order on its page (issue 34): the order it is linked to, with Unlink; or, when several of
 * the seller's orders could be its parcel's, 'Which order is this label for?' (choose one, or 'None of these').
 * Asked only for a seller with a connected shop. While it loads, or while a label just saved waits for its matching
 * (asked again meanwhile), nothing shows: most labels have no order, and a spinner on each label page would come and
 * go for nothing. `savedAt`: the label's last save, after which the matching runs again.
 */
export function LabelOrderCard({ labelId, savedAt }: { labelId: string; savedAt?: string }) {
  // The label's page is a signed-in screen.
  const sells = useSellsOnMarketplaces(true);
  const query = useLabelOrder(labelId, sells);
  // The seller corrected the label (its recipient, say): its matching runs again, so its answer is asked for anew.
  const { refetch } = query;
  const seen = useRef(savedAt);
  useEffect(() => {
    if (seen.current === savedAt) return;
    seen.current = savedAt;
    void refetch();
  }, [savedAt, refetch]);
  if (!sells || query.isPending) return null;
  if (query.isError)
    return (
      <div className="card alert-error" role="alert">
        <p>{errorText(query.error, T.loadOrderFailed)}</p>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          {T.retry}
        </button>
      </div>
    );
  if (query.data.order) return <LinkedOrder labelId={labelId} answer={query.data} />;
  if (query.data.candidates.length) return <OrderQuestion labelId={labelId} answer={query.data} />;
  return null;
}

function LinkedOrder({ labelId, answer }: { labelId: string; answer: LabelOrderAnswer }) {
  const send = useAnswerLabelOrder(labelId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const order = answer.order!;
  const unlink = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      await send(null);
    } catch (err) {
      setError(errorText(err, T.unlinkFailed));
      setBusy(false);
    }
  };
  return (
    <section className="card stack label-order" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.linkedTitle}</h2>
      <OrderSummary order={order} />
      {answer.dispatch && (
        <p>
          <DispatchStatus dispatch={answer.dispatch} order={order} labelId={labelId} />
        </p>
      )}
      {answer.linkedBy && <p className="small muted">{T.linkedBy[answer.linkedBy]}</p>}
      {!confirming && (
        <div className="row">
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setConfirming(true)}>
            {busy ? T.working : T.unlink}
          </button>
        </div>
      )}
      {confirming && <InlineConfirm question={T.unlinkConfirm} confirm={T.unlinkYes} onConfirm={() => void unlink()} onCancel={() => setConfirming(false)} />}
      {error && (
        <p role="alert" className="field-error small">
          {error}
        </p>
      )}
    </section>
  );
}

function OrderQuestion({ labelId, answer }: { labelId: string; answer: LabelOrderAnswer }) {
  const send = useAnswerLabelOrder(labelId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState<"link" | "none" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const act = async (orderId: string | null, failed: string) => {
    setBusy(orderId ? "link" : "none");
    setError(null);
    try {
      await send(orderId);
    } catch (err) {
      setError(errorText(err, failed));
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) void act(chosen, T.linkFailed);
  };
  return (
    <form className="card label-order label-order-question" onSubmit={submit}>
      <fieldset className="stack">
        <legend>
          <h2>{T.questionTitle}</h2>
        </legend>
        <p className="small">{T.questionLead}</p>
        <ul className="order-choices">
          {answer.candidates.map((o) => (
            <li key={o.id}>
              <label className={chosen === o.id ? "order-choice is-chosen" : "order-choice"}>
                <input type="radio" name={name} value={o.id} checked={chosen === o.id} onChange={() => setChosen(o.id)} />
                <OrderSummary order={o} />
              </label>
            </li>
          ))}
        </ul>
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={!chosen || busy !== null}>
            {busy === "link" ? T.working : T.link}
          </button>
          <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void act(null, T.noneFailed)}>
            {busy === "none" ? T.working : T.none}
          </button>
        </div>
        {error && (
          <p role="alert" className="field-error small">
            {error}
          </p>
        )}
      </fieldset>
    </form>
  );
}
