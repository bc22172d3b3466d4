import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { type TabPair, TabList } from "../../components/TabList";
import { useMarketplaces } from "../settings/marketplaces-api";
import { type ListedOrder, type OrdersAnswer, type OrderStatus, useOrders } from "./api";
import { DispatchStatus, isOverdue, OrderSummary } from "./OrderSummary";
import { ORDERS_TEXT as T } from "./texts";

/**
 * Orders (issue 34): what awaits dispatch in the seller's connected shops, soonest due first, for how long, and the
 * labels linked to each (none yet: the parcel is still to be made); above them, the labels asking which order they
 * are for. A seller with no shop is sent to Settings to connect one.
 */
type Shown = Exclude<OrderStatus, "cancelled">;
const TABS: TabPair<Shown> = [
  { id: "awaiting", label: T.awaitingTab },
  { id: "dispatched", label: T.dispatchedTab },
];

export default function OrdersPage() {
  const [status, setStatus] = useState<Shown>("awaiting");
  const shops = useMarketplaces();
  const orders = useOrders(status);
  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const noShops = shops.isSuccess && shops.data.connections.length === 0;
  const moreFailed = orders.isFetchNextPageError ? errorText(orders.error, T.loadFailed) : null;
  return (
    <div className="container orders-page">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <TabList tabs={TABS} selected={status} onSelect={setStatus} label={T.title} className="tabs" tabId={(t) => `orders-tab-${t}`} panelId={() => "orders-panel"} />
      <div role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${status}`}>
      {orders.isPending ? (
        <Spinner label={T.loading} />
      ) : !orders.data ? (
        <div className="card alert-error" role="alert">
          <p>{errorText(orders.error, T.loadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
            {T.retry}
          </button>
        </div>
      ) : (
        <div className="stack">
          {status === "awaiting" && <AskingLabels asking={orders.data.pages[0].asking} />}
          {list.length === 0 ? (
            <div className="card empty">
              <p>{noShops ? T.noShops : status === "awaiting" ? T.empty : T.emptyDispatched}</p>
              {noShops && (
                <div className="row">
                  <Link className="btn btn-primary" to="/settings#marketplaces">
                    {T.toSettings}
                  </Link>
                </div>
              )}
            </div>
          ) : (
            <ul className="order-list" aria-label={status === "awaiting" ? T.awaitingTab : T.dispatchedTab}>
              {list.map((o) => (
                <OrderItem key={o.id} order={o} />
              ))}
            </ul>
          )}
          {orders.hasNextPage && (
            <div className="center">
              <button type="button" className="btn btn-sm" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage} aria-busy={orders.isFetchingNextPage}>
                {orders.isFetchingNextPage ? T.loadingMore : T.more}
              </button>
            </div>
          )}
          {moreFailed && (
            <p role="alert" className="field-error small">
              {moreFailed}
            </p>
          )}
        </div>
      )}
      </div>
    </div>
  );
}

function AskingLabels({ asking }: { asking: OrdersAnswer["asking"] }) {
  if (!asking.length) return null;
  return (
    <section className="card alert-warning" aria-labelledby="asking-title">
      <h2 id="asking-title">{T.askingTitle}</h2>
      <p className="small">{T.askingLead}</p>
      <ul className="order-label-links">
        {asking.map((l) => (
          <li key={l.id}>
            <Link to={`/label/${encodeURIComponent(l.id)}`} className="mono" title={T.labelLinkTitle(l.trackingCode)}>
              {l.trackingCode}
            </Link>
          </li>
        ))}
      </ul>
      <p className="small">
        <Link to="/labels?status=order_question">{T.askingInList}</Link>
      </p>
    </section>
  );
}

function OrderItem({ order }: { order: ListedOrder }) {
  const headingId = `order-${order.id}`;
  return (
    <li className={isOverdue(order) ? "order card is-overdue" : "order card"} aria-labelledby={headingId}>
      <OrderSummary order={order} level={2} id={headingId} />
      <div className="order-labels small">
        <span className="muted">{T.labels}: </span>
        {order.labels.length === 0 ? (
          <span>{T.noLabel}</span>
        ) : (
          <ul className="order-label-links">
            {order.labels.map((l) => (
              <li key={l.id}>
                <Link to={`/label/${encodeURIComponent(l.id)}`} className="mono" title={T.labelLinkTitle(l.trackingCode)}>
                  {l.trackingCode}
                </Link>
                {l.dispatch && <DispatchStatus dispatch={l.dispatch} order={order} labelId={l.id} trackingCode={l.trackingCode} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
