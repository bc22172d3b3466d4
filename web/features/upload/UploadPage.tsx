import { Link, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../app/auth";
import { loginPathFor } from "../../app/return-to";
import { PageHeader } from "../../components/PageHeader";
import { useCouriers } from "../labels/labelsApi";
import { CreditsBanner } from "./CreditsBanner";
import { CsvTab } from "./CsvTab";
import { ManualTab } from "./ManualTab";
import { UPLOAD_TEXT as T } from "./texts";
import { UploadTab } from "./UploadTab";

// /upload: Upload / Manual / CSV tabs chosen by the URL hash.

const TABS = [
  { id: "upload", name: "Upload" },
  { id: "manual", name: "Manual" },
  { id: "csv", name: "CSV" },
] as const;
type Tab = (typeof TABS)[number]["id"];

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
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid info-cards">
        <section className="card">
          <div className="card-title">{T.couriersTitle}</div>
          <p>{couriers?.length ? couriers.map((c) => c.displayName).join(", ") : "Loading…"}</p>
        </section>
        <section className="card">
          <div className="card-title">{T.imageTitle}</div>
          <p>{T.imageRule}</p>
          <p className="muted small info-card-note">{T.photosRead}</p>
        </section>
        <section className="card">
          <div className="card-title">{T.fileTitle}</div>
          <p>{T.fileRule}</p>
        </section>
      </div>

      {!accessToken ? (
        <div className="card empty">
          <p>Sign in to upload labels or create them manually.</p>
          <div className="row">
            <Link to={loginPathFor(location)} className="btn btn-primary">
              Login
            </Link>
            <Link to={`${loginPathFor(location)}#signup`} className="btn">
              Sign up
            </Link>
          </div>
        </div>
      ) : (
        <>
          {credits !== null && user && <CreditsBanner user={user} />}
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
