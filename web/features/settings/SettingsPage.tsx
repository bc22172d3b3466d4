import { useEffect, useState } from "react";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { CloseAccountCard } from "./CloseAccountCard";
import { CreditsCard, isSubscribed } from "./CreditsCard";
import { DataExportCard } from "./DataExportCard";
import { DeveloperKeyCard } from "./DeveloperKeyCard";
import { BuyerMailsCard } from "./BuyerMailsCard";
import { EmailPreferencesCard } from "./EmailPreferencesCard";
import { EmailVerificationNotice } from "./EmailVerificationNotice";
import { ImportAddressCard } from "./ImportAddressCard";
import { LabelSettingsCard } from "./LabelSettingsCard";
import { MarketplacesCard } from "./MarketplacesCard";
import { RetentionCard } from "./RetentionCard";
import { TEXT, YOUR_DATA_TEXT } from "./texts";
import { WebhooksCard } from "./WebhooksCard";

/** /settings: user settings, then label settings. */
export default function SettingsPage() {
  const { user: current, reloadUser } = useAuth();
  const [state, setState] = useState<"loading" | "ready" | "error">(current ? "ready" : "loading");
  // Keep showing the last loaded figures if a later reload fails: a transient error must not
  // unmount the cards (and lose a freshly generated key that is shown only once).
  const [lastKnown, setLastKnown] = useState(current);
  useEffect(() => {
    if (current) setLastKnown(current);
  }, [current]);
  const user = current ?? lastKnown;

  // Fresh figures every visit (the balance may have changed since the app loaded).
  useEffect(() => {
    let live = true;
    void reloadUser().then((u) => live && setState(u ? "ready" : "error"));
    return () => {
      live = false;
    };
  }, [reloadUser]);

  if (!user) {
    return (
      <div className="container medium">
        <PageHeader title={TEXT.title} />
        {state === "error" ? (
          <div className="card" role="alert">
            <p>{TEXT.loadFailed}</p>
            <button type="button" className="btn" onClick={() => {
                setState("loading");
                void reloadUser().then((u) => setState(u ? "ready" : "error"));
              }}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label={TEXT.loading} />
        )}
      </div>
    );
  }

  return (
    <div className="container medium settings-page">
      <PageHeader title={TEXT.title} subtitle={user.email} />
      <h2 className="settings-section-title">{TEXT.userSettings}</h2>
      <div className="stack">
        <EmailVerificationNotice email={user.email} verified={user.email_verified} />
        <DeveloperKeyCard masked={user.developer_api_key} onGenerated={reloadUser} />
        <MarketplacesCard />
        <WebhooksCard />
        <ImportAddressCard email={user.email} />
        <CreditsCard credits={user.credits} subscriptionStatus={user.subscription_status} />
        <EmailPreferencesCard consent={user.marketing_consent} onSaved={reloadUser} />
      </div>
      <h2 className="settings-section-title" id="label-settings-title">
        {TEXT.labelSettings}
      </h2>
      <div className="stack">
        <LabelSettingsCard companyName={user.company_name} companyTagline={user.company_tagline} brandColor={user.brand_color} onSaved={reloadUser} />
        <BuyerMailsCard moments={user.buyer_mail_moments} onSaved={reloadUser} />
      </div>
      <h2 className="settings-section-title" id="your-data">
        {YOUR_DATA_TEXT.title}
      </h2>
      <div className="stack">
        <DataExportCard />
        <RetentionCard />
      </div>
      <div className="stack settings-close">
        <CloseAccountCard subscribed={isSubscribed(user.subscription_status)} />
      </div>
    </div>
  );
}
