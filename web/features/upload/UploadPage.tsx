import { Link, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { useCouriers } from "../labels/labelsApi";
import { PurchaseOptions } from "../settings/PurchaseOptions";
import { CsvTab } from "./CsvTab";
import { ManualTab } from "./ManualTab";
import { UploadTab } from "./UploadTab";

// /upload: Upload / Manual / CSV tabs chosen by the URL hash.

const TABS = [
  { id: "upload", name: "Upload" },
  { id: "manual", name: "Manual" },
  { id: "csv", name: "CSV" },
] as const;
type Tab = (typeof TABS)[number]["id"];

function CreditsBanner({ credits }: { credits: number }) {
  if (credits > 0) {
    return (
      <div className="alert alert-info credits-banner" role="status">
        Credits available: {credits}
      </div>
    );
  }
  return (
    <div className="alert alert-warning credits-banner" role="status">
      <p>You have no credits left. Buy credits to create labels.</p>
      <PurchaseOptions />
    </div>
  );
}

export default function UploadPage() {
  const { accessToken, user, reloadUser } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tab: Tab = TABS.find((t) => `#${t.id}` === location.hash)?.id ?? "upload";
  const couriers = useCouriers().data ?? null;

  const select = (next: Tab) => navigate({ hash: `#${next}` }, { replace: true });
  const credits = accessToken && user ? user.credits : null;

  return (
    <div className="container upload-page">
      <PageHeader title="New Label" subtitle="Upload a file or create a label manually from a tracking code." />
      <div className="grid info-cards">
        <section className="card">
          <div className="card-title">Supported Couriers</div>
          <p>{couriers?.length ? couriers.map((c) => c.displayName).join(", ") : "Loading…"}</p>
        </section>
        <section className="card">
          <div className="card-title">Image Requirements</div>
          <p>Minimum 300 DPI. No photos or scans.</p>
        </section>
        <section className="card">
          <div className="card-title">File Requirements</div>
          <p>One label per page. PDF or image formats.</p>
        </section>
      </div>

      {!accessToken ? (
        <div className="card empty">
          <p>Sign in to upload labels or create them manually.</p>
          <Link to="/login" className="btn btn-primary">
            Login
          </Link>
        </div>
      ) : (
        <>
          {credits !== null && <CreditsBanner credits={credits} />}
          <div className="tabs" role="tablist" aria-label="New label">
            {TABS.map(({ id: t, name }, i) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                className="tab"
                aria-selected={tab === t}
                aria-controls={`panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => select(t)}
                onKeyDown={(e) => {
                  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                    const other = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length].id;
                    void select(other);
                    document.getElementById(`tab-${other}`)?.focus();
                  }
                }}
              >
                {name}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === "upload" && <UploadTab credits={credits} />}
            {tab === "manual" && <ManualTab couriers={couriers} credits={credits} onCreated={() => void reloadUser()} />}
            {tab === "csv" && <CsvTab credits={credits} onImported={() => void reloadUser()} />}
          </div>
        </>
      )}
    </div>
  );
}
