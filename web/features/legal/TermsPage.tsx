import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { TabList, type TabPair } from "../../components/TabList";
import { LAST_UPDATED, PRIVACY_SECTIONS, TERMS_SECTIONS, type LegalSection } from "./terms-content";

type Tab = "terms" | "privacy";
const TABS: TabPair<Tab> = [
  { id: "terms", label: "Terms" },
  { id: "privacy", label: "Privacy Policy" },
];

/** #privacy or a path ending in /privacy opens the privacy policy. */
const tabOf = (pathname: string, hash: string): Tab => (hash === "#privacy" || /\/privacy\/?$/.test(pathname) ? "privacy" : "terms");

/** /terms: Terms and Privacy Policy tabs; switching updates the hash. */
export default function TermsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.pathname, location.hash);
  const choose = (next: Tab) =>
    void navigate({ pathname: location.pathname.replace(/\/privacy\/?$/, ""), hash: next === "privacy" ? "#privacy" : "#terms" }, { replace: true });

  const sections = tab === "terms" ? TERMS_SECTIONS : PRIVACY_SECTIONS;
  return (
    <div className="container medium legal">
      <PageHeader title="Terms and Privacy Policy" subtitle={LAST_UPDATED}>
        <button type="button" className="btn no-print" onClick={() => window.print()}>
          <PrintIcon /> Print
        </button>
      </PageHeader>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={choose}
        label="Legal documents"
        className="tabs no-print"
        tabId={(t) => `legal-tab-${t}`}
        panelId={() => "legal-panel"}
      />
      <article className="card legal-doc" role="tabpanel" id="legal-panel" aria-labelledby={`legal-tab-${tab}`}>
        <h2 className="legal-doc-title">{tab === "terms" ? "Terms of Service" : "Privacy Policy"}</h2>
        <Sections sections={sections} />
      </article>
    </div>
  );
}

function Sections({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="legal-sections">
      {sections.map((s, i) => (
        <li key={s.id} id={s.id} className="legal-section">
          <h3>
            {i + 1}. {s.title}
          </h3>
          {s.body}
        </li>
      ))}
    </ol>
  );
}

function PrintIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 9V2h12v7" />
      <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <path d="M6 14h12v8H6z" />
    </svg>
  );
}
