import { useEffect } from "react";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { CreditsCard } from "../settings/CreditsCard";
import { CreditHistory } from "./CreditHistory";
import { CREDITS_TEXT as T } from "./texts";

/**
 * /credits: the balance (with the subscription, for a subscriber), the two offers with their prices, and where every
 * credit went. The header's balance links here (web/app/NavBar.tsx); Settings keeps its own balance card (the spec's).
 */
export default function CreditsPage() {
  const { user, reloadUser } = useAuth();
  // The balance as it is now (a purchase or an upload in another tab since the app loaded).
  useEffect(() => {
    void reloadUser();
  }, [reloadUser]);
  return (
    <div className="container medium credits-page">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="stack">
        {user ? <CreditsCard credits={user.credits} subscriptionStatus={user.subscription_status} historyLink={false} title={T.balanceTitle} /> : <Spinner label="Loading your balance…" />}
        <CreditHistory />
      </div>
    </div>
  );
}
