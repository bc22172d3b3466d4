import { useState } from "react";
import { errorText } from "../../api/client";
import { EXTRA_DATE, formatDate } from "../labels/format";
import { type DispatchView, type OrderView, useRetryDispatch } from "./api";
import { awaitingFor, dispatchText, ORDERS_TEXT as T } from "./texts";

/** A linked label's tracking out to its order's marketplace, as a badge. */
export function DispatchBadge({ dispatch, order }: { dispatch: DispatchView; order: Pick<OrderView, "marketplace"> }) {
  const { text, tone } = dispatchText(dispatch, order.marketplace);
  return <span className={tone ? `badge badge-${tone}` : "badge"}>{text}</span>;
}

/**
 * A linked label's tracking out with, when it failed, 'Try again' (the seller put the refusal right, or the marketplace
 * was down for every try): the server sends it again once, however often it is pressed. In a list of labels the
 * button says which label's tracking it sends (`trackingCode`); on the label's own page it need not.
 */
export function DispatchStatus({ dispatch, order, labelId, trackingCode }: { dispatch: DispatchView; order: Pick<OrderView, "marketplace">; labelId: string; trackingCode?: string }) {
  const retry = useRetryDispatch(labelId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const again = async () => {
    setBusy(true);
    setError(null);
    try {
      await retry();
    } catch (err) {
      setError(errorText(err, T.sendAgainFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="dispatch-status">
      <DispatchBadge dispatch={dispatch} order={order} />
      {dispatch.state === "failed" && (
        <button type="button" className="btn btn-sm" disabled={busy} aria-label={trackingCode ? T.sendAgainLabel(trackingCode) : undefined} onClick={() => void again()}>
          {busy ? T.sendingAgain : T.sendAgain}
        </button>
      )}
      {error && (
        <span role="alert" className="field-error small">
          {error}
        </span>
      )}
    </span>
  );
}

/** Whether an order awaiting dispatch is past its dispatch-by time. */
export const isOverdue = (o: OrderView, now = Date.now()) => o.status === "awaiting" && o.dispatchBy !== null && Date.parse(o.dispatchBy) < now;

/**
 * What the seller knows an order by: the marketplace and its order number (the heading, at `level`), the shop, who
 * it goes to, the buyer, what is in it, and how long it has awaited dispatch against its dispatch-by date.
 */
export function OrderSummary({ order, level = 3, id }: { order: OrderView; level?: 2 | 3; id?: string }) {
  const Heading = level === 2 ? "h2" : "h3";
  const overdue = isOverdue(order);
  return (
    <div className="order-summary">
      <div className="order-head">
        <Heading className="order-name" id={id}>
          {T.orderName(order.marketplace, order.reference)}
        </Heading>
        {order.status !== "awaiting" ? (
          <span className={order.status === "dispatched" ? "badge badge-ok" : "badge"}>{order.status === "dispatched" ? T.dispatched : T.cancelled}</span>
        ) : (
          order.dispatchBy && (
            <span className={overdue ? "badge badge-err" : "badge"}>
              {overdue ? `${T.overdue}: ` : `${T.dueBy} `}
              {formatDate(order.dispatchBy, EXTRA_DATE)}
            </span>
          )
        )}
      </div>
      <p className="order-recipient">
        {order.recipientName} <span className="mono">{order.postcode}</span>
      </p>
      <p className="small muted">
        {[order.shopName && T.shop(order.shopName), order.buyer && T.buyer(order.buyer)].filter(Boolean).join(" · ")}
      </p>
      {order.items.length > 0 && (
        <ul className="order-items small">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity > 1 ? `${item.quantity} × ` : ""}
              {item.title}
            </li>
          ))}
        </ul>
      )}
      {order.hoursAwaiting !== null && <p className="small muted">{awaitingFor(order.hoursAwaiting)}</p>}
    </div>
  );
}
