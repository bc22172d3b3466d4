import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { useAuth } from "../../app/auth";
import { AccessDenied } from "../../components/AccessDenied";
import { PageHeader } from "../../components/PageHeader";
import { SearchBox } from "../../components/SearchBox";
import { Spinner } from "../../components/Spinner";
import { useAdminUsers, useMarketingList, usersQueryKey, type AdminUser, type AdminUsersPage } from "./api";
import { MarketingList } from "./MarketingList";
import { TEXTS } from "./texts";
import { UsersTable } from "./UsersTable";

/** /cheats: users, credit grants and the marketing list (admins only; the server enforces it too). */
export default function CheatsPage() {
  const { user, isAdmin } = useAuth();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [closed, setClosed] = useState<string | null>(null);
  const knownNonAdmin = user !== null && !isAdmin;
  const queryClient = useQueryClient();
  const marketing = useMarketingList(!knownNonAdmin);
  const users = useAdminUsers(search, page, !knownNonAdmin);
  const failure = marketing.error ?? users.error;
  const status = failure
    ? failure instanceof ApiError && failure.status === 403
      ? "denied"
      : "error"
    : marketing.isPending || users.isPending
      ? "loading"
      : "shown";
  const emails = marketing.data?.emails ?? [];
  const usersPage = users.data ?? null;

  // Debounced search: a new query starts again from page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [query]);

  if (knownNonAdmin || status === "denied") return <AccessDenied title={TEXTS.denied} message={TEXTS.deniedHint} home={TEXTS.goHome} />;

  const onGranted = (updated: AdminUser) =>
    queryClient.setQueryData<AdminUsersPage>(usersQueryKey(search, page), (p) =>
      p ? { ...p, results: p.results.map((u) => (u.id === updated.id ? updated : u)) } : p,
    );

  return (
    <div className="container">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle} />
      {status === "loading" && <Spinner label={TEXTS.loading} />}
      {status === "error" && (
        <div className="alert alert-error" role="alert">
          {TEXTS.loadFailed}
        </div>
      )}
      {status === "shown" && usersPage && (
        <div className="stack">
          <MarketingList emails={emails} />
          <section className="card" aria-labelledby="users-title">
            <div className="admin-card-head">
              <h2 id="users-title">
                {TEXTS.usersTitle} <span className="badge">{usersPage.total}</span>
              </h2>
              <div className="field admin-search">
                <SearchBox id="admin-user-search" label={TEXTS.search} placeholder={TEXTS.search} value={query} onChange={setQuery} />
              </div>
            </div>
            {closed && (
              <p className="alert alert-success" role="status">
                {TEXTS.closed(closed)}
              </p>
            )}
            <UsersTable
              users={usersPage.results}
              onGranted={onGranted}
              selfId={user?.id}
              onClosed={(u) => {
                setClosed(u.email);
                void queryClient.invalidateQueries({ queryKey: ["admin"] });
              }}
            />
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
