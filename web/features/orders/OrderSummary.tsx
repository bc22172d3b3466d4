import { EXTRA_DATE, formatDate } from "../labels/format";
import type { DispatchView, OrderView } from "./api";
import { awaitingFor, dispatchText, ORDERS_TEXT as T } from "./texts";

/** A linked label's tracking out to its order's marketplace, as a badge. */
export function DispatchBadge({ dispatch, order }: { dispatch: DispatchView; order: Pick<OrderView, "marketplace"> }) {
  const { text, tone } = dispatchText(dispatch, order.marketplace);
  return <span className={tone ? `badge badge-${tone}` : "badge"}>{text}</span>;
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
