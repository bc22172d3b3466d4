import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { InlineConfirm } from "../../components/InlineConfirm";
import { Spinner } from "../../components/Spinner";
import { type ConnectionView, disconnectShop, type Marketplace, MARKETPLACES_QUERY_KEY, startConnect, useMarketplaces } from "./marketplaces-api";
import { MARKETPLACE_TEXT as T } from "./texts";

/**
 * Marketplaces: each one this server can connect, the seller's shops on it (connected, or broken with why and
 * 'Reconnect'), 'Connect' (a Shopify store by name), 'Disconnect'. Connecting leaves for the marketplace's own
 * consent page; it sends the browser back to /settings/marketplaces/<marketplace> (MarketplaceReturnPage).
 */
export function MarketplacesCard() {
  const query = useMarketplaces();
  return (
    <section className="card" aria-labelledby="marketplaces-title" id="marketplaces">
      <h2 id="marketplaces-title">{T.title}</h2>
      <p className="small">{T.intro}</p>
      {query.isPending ? (
        <Spinner label={T.loading} />
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{errorText(query.error, T.loadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            {T.retry}
          </button>
        </div>
      ) : (
        <>
          <ul className="marketplace-list">
            {query.data.marketplaces.map((m) => (
              <MarketplaceRow key={m.marketplace} marketplace={m.marketplace} name={m.name} configured={m.configured} shops={query.data.connections.filter((c) => c.marketplace === m.marketplace)} />
            ))}
          </ul>
          {query.data.connections.length > 0 && (
            <p className="small">
              <Link to="/orders">{T.toOrders}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Leaves for the marketplace's consent page. */
async function goConnect(marketplace: Marketplace, shop?: string) {
  const { authorizeUrl } = await startConnect(marketplace, shop);
  window.location.assign(authorizeUrl);
}

function MarketplaceRow({ marketplace, name, configured, shops }: { marketplace: Marketplace; name: string; configured: boolean; shops: ConnectionView[] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shop, setShop] = useState("");
  const connect = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await goConnect(marketplace, marketplace === "shopify" ? shop : undefined);
    } catch (err) {
      setError(errorText(err, T.connectFailed));
      setBusy(false);
    }
  };
  const label = shops.length ? T.connectAnother(name) : T.connect(name);
  return (
    <li className="marketplace stack" aria-label={name}>
      <h3 className="marketplace-name">{name}</h3>
      {!configured ? (
        <p className="small muted">{T.notConfigured}</p>
      ) : (
        <>
          {shops.length === 0 ? <p className="small muted">{T.none}</p> : shops.map((s) => <ShopItem key={s.id} shop={s} name={name} />)}
          {marketplace === "shopify" ? (
            <form className="row marketplace-connect" onSubmit={(e) => void connect(e)}>
              <label className="label" htmlFor="shopify-store">
                {T.shopLabel}
              </label>
              <input id="shopify-store" className="input" value={shop} onChange={(e) => setShop(e.target.value)} required aria-describedby="shopify-store-hint" autoComplete="off" />
              <span id="shopify-store-hint" className="small muted">
                {T.shopHint}
              </span>
              <button type="submit" className="btn btn-sm" disabled={busy}>
                {busy ? T.connecting : label}
              </button>
            </form>
          ) : (
            <div className="row">
              <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void connect()}>
                {busy ? T.connecting : label}
              </button>
            </div>
          )}
          {error && (
            <p role="alert" className="settings-error-text">
              {error}
            </p>
          )}
        </>
      )}
    </li>
  );
}

function ShopItem({ shop, name }: { shop: ConnectionView; name: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const broken = shop.status === "broken";
  const act = async (work: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: MARKETPLACES_QUERY_KEY });
    } catch (err) {
      setError(errorText(err, failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="marketplace-shop stack" aria-label={`${name} shop ${shop.shopName}`}>
      <div className="marketplace-shop-head">
        <span className="marketplace-shop-name">{shop.shopName}</span>
        <span className={broken ? "badge badge-err" : "badge badge-ok"}>{broken ? T.broken : T.connected}</span>
      </div>
      {broken && shop.problem && <p className="small">{shop.problem}</p>}
      <div className="row marketplace-actions">
        {broken && (
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void act(() => goConnect(shop.marketplace, shop.marketplace === "shopify" ? shop.shopName.replace(/\.myshopify\.com$/, "") : undefined), T.connectFailed)}>
            {T.reconnect}
          </button>
        )}
        {!confirming && (
          <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => setConfirming(true)}>
            {T.disconnect}
          </button>
        )}
      </div>
      {confirming && (
        <InlineConfirm
          question={T.disconnectConfirm}
          confirm={T.disconnectYes}
          onConfirm={() => {
            setConfirming(false);
            void act(() => disconnectShop(shop.id), T.disconnectFailed);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {error && (
        <p role="alert" className="settings-error-text">
          {error}
        </p>
      )}
    </div>
  );
}
