import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { errorText } from "../../api/client";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { MARKETPLACE_NAMES } from "../../../shared/marketplaces";
import { type ConnectionView, finishConnect, MARKETPLACES_QUERY_KEY } from "./marketplaces-api";
import { MARKETPLACE_TEXT as T } from "./texts";

/**
 * /settings/marketplaces/:marketplace: where eBay, Etsy or Shopify send the browser back from their consent page.
 * Everything on the address goes to the server once (the state in it works once: a second render must not send it
 * again), and the seller sees the shop connected, or why not, with the way back to Settings.
 */
export default function MarketplaceReturnPage() {
  const { marketplace } = useParams();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const known = marketplace === "ebay" || marketplace === "etsy" || marketplace === "shopify";
  const name = known ? MARKETPLACE_NAMES[marketplace] : "";
  const [outcome, setOutcome] = useState<{ done: ConnectionView } | { failed: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (!known || sent.current) return;
    sent.current = true;
    finishConnect(marketplace, Object.fromEntries(new URLSearchParams(search)))
      .then(({ connection }) => {
        // The shops list (Settings, and the nav's Orders) is read again; the outcome need not wait for it.
        void queryClient.invalidateQueries({ queryKey: MARKETPLACES_QUERY_KEY });
        setOutcome({ done: connection });
      })
      .catch((err) => setOutcome({ failed: errorText(err, T.returnFailed(name)) }));
  }, [known, marketplace, search, name, queryClient]);

  return (
    <div className="container medium">
      <PageHeader title={known ? T.returnTitle(name) : T.title} />
      <div className="card stack">
        {!known ? (
          <p role="alert">{T.returnUnknown}</p>
        ) : outcome === null ? (
          <Spinner label={T.returnWorking(name)} />
        ) : "done" in outcome ? (
          <p role="status" className="settings-ok-text">
            {T.returnDone(name, outcome.done.shopName)}
          </p>
        ) : (
          <div className="alert alert-error" role="alert">
            <p>{T.returnFailed(name)}</p>
            <p>{outcome.failed}</p>
          </div>
        )}
        <p>
          <Link className="btn" to="/settings#marketplaces">
            {T.backToSettings}
          </Link>
        </p>
      </div>
    </div>
  );
}
