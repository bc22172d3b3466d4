import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { useAuth } from "../../app/auth";
import { AccessDenied } from "../../components/AccessDenied";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { fetchMarketingList, fetchUsers, type AdminUser, type AdminUsersPage } from "./api";
import { MarketingList } from "./MarketingList";
import { TEXTS } from "./texts";
import { UsersTable } from "./UsersTable";

type PageState = { status: "loading" } | { status: "denied" } | { status: "error" } | { status: "shown" };

/** /cheats: users, credit grants and the marketing list (admins only; the server enforces it too). */
export default function CheatsPage() {
  const { user, isAdmin } = useAuth();
  const [state, setState] = useState<PageState>({ status: "loading" });
  const [emails, setEmails] = useState<string[]>([]);
  const [usersPage, setUsersPage] = useState<AdminUsersPage | null>(null);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const knownNonAdmin = user !== null && !isAdmin;

  const load = useCallback(async (signal: AbortSignal, q: string, p: number) => {
    try {
      const [list, usersRes] = await Promise.all([fetchMarketingList(signal), fetchUsers({ q, page: p }, signal)]);
      setEmails(list.emails);
      setUsersPage(usersRes);
      setState({ status: "shown" });
    } catch (err) {
      if (signal.aborted) return;
      setState({ status: err instanceof ApiError && err.status === 403 ? "denied" : "error" });
    }
  }, []);

  useEffect(() => {
    if (knownNonAdmin) return;
    const ctrl = new AbortController();
    void load(ctrl.signal, search, page);
    return () => ctrl.abort();
  }, [knownNonAdmin, load, search, page]);

  // Debounced search: a new query starts again from page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [query]);

  if (knownNonAdmin || state.status === "denied") return <AccessDenied title={TEXTS.denied} message={TEXTS.deniedHint} home={TEXTS.goHome} />;

  const onGranted = (updated: AdminUser) =>
    setUsersPage((p) => (p ? { ...p, results: p.results.map((u) => (u.id === updated.id ? updated : u)) } : p));

  return (
    <div className="container">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle} />
      {state.status === "loading" && <Spinner label={TEXTS.loading} />}
      {state.status === "error" && (
        <div className="alert alert-error" role="alert">
          {TEXTS.loadFailed}
        </div>
      )}
      {state.status === "shown" && usersPage && (
        <div className="stack">
          <MarketingList emails={emails} />
          <section className="card" aria-labelledby="users-title">
            <div className="admin-card-head">
              <h2 id="users-title">
                {TEXTS.usersTitle} <span className="badge">{usersPage.total}</span>
              </h2>
              <div className="field admin-search">
                <label htmlFor="admin-user-search" className="sr-only">
                  {TEXTS.search}
                </label>
                <input
                  id="admin-user-search"
                  type="search"
                  className="input"
                  placeholder={TEXTS.search}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              </div>
            </div>
            <UsersTable users={usersPage.results} onGranted={onGranted} />
            {usersPage.pages > 1 && (
              <nav className="row admin-pager" aria-label="Users pages">
                <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span className="muted small">
                  Page {usersPage.page} of {usersPage.pages}
                </span>
                <button type="button" className="btn btn-sm" disabled={page >= usersPage.pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
