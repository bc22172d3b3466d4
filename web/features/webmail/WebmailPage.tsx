import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { useAuth } from "../../app/auth";
import { AccessDenied } from "../../components/AccessDenied";
import { PageHeader } from "../../components/PageHeader";
import { SearchBox } from "../../components/SearchBox";
import { Spinner } from "../../components/Spinner";
import { useMailList, useMailMessage, type MailDetail } from "./api";
import { ComposeDialog, type ComposeRequest } from "./ComposeDialog";
import { MailList } from "./MailList";
import { MailView } from "./MailView";
import { TEXTS } from "./texts";

type ViewState = { status: "none" } | { status: "loading" } | { status: "error" } | { status: "loaded"; mail: MailDetail };

/** /webmail: the admin mailbox (admins only; every call is also checked on the server). */
export default function WebmailPage() {
  const { user, isAdmin } = useAuth();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [compose, setCompose] = useState<ComposeRequest | null>(null);
  const [notice, setNotice] = useState("");
  const paneRef = useRef<HTMLElement>(null);
  const knownNonAdmin = user !== null && !isAdmin;
  const list = useMailList(search, !knownNonAdmin);
  const message = useMailMessage(selected);
  const messages = list.data?.pages.flatMap((p) => p.results) ?? [];
  const mailbox = list.data?.pages[0]?.mailbox ?? "";
  const access = list.error instanceof ApiError && list.error.status === 403 ? "denied" : list.isPending && !list.isError ? "loading" : "allowed";
  const view: ViewState = !selected
    ? { status: "none" }
    : message.isPending
      ? { status: "loading" }
      : message.isError
        ? { status: "error" }
        : { status: "loaded", mail: message.data };
  // A message that fails to open says so; otherwise a list that never loaded, or a refresh or
  // 'Load more' that failed after it did.
  const error = selected && message.isError ? TEXTS.openFailed : list.isError ? (list.data ? TEXTS.loadMailFailed : TEXTS.loadWebmailFailed) : null;
  const refresh = () => void list.refetch();

  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), 300);
    return () => clearTimeout(t);
  }, [query]);

  // One column on small screens: bring the opened message into view.
  useEffect(() => {
    if (message.data && window.matchMedia("(max-width: 860px)").matches) paneRef.current?.scrollIntoView({ block: "start" });
  }, [message.data]);

  if (knownNonAdmin || access === "denied") return <AccessDenied title={TEXTS.title} message={TEXTS.denied} home={TEXTS.home} />;
  if (access === "loading") return <Spinner label={TEXTS.loading} />;

  return (
    <div className="container webmail">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle}>
        <form
          className="webmail-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const q = query.trim();
            if (q === search) refresh();
            else setSearch(q);
          }}
        >
          <SearchBox id="webmail-search" label={TEXTS.searchLabel} placeholder={TEXTS.searchPlaceholder} value={query} onChange={setQuery} />
        </form>
        <button type="button" className="btn" onClick={refresh}>
          {TEXTS.refresh}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setCompose({ mode: "new" })}>
          {TEXTS.newEmail}
        </button>
      </PageHeader>
      <div aria-live="polite" className="sr-only">
        {notice}
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="webmail-grid">
        <MailList
          messages={messages}
          selectedKey={selected}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onSelect={setSelected}
          onLoadMore={() => void list.fetchNextPage()}
        />
        <section ref={paneRef} className="card webmail-pane" aria-label="Message">
          <MailView state={view} onReply={(mail, all) => setCompose({ mode: all ? "replyAll" : "reply", original: mail })} />
        </section>
      </div>
      {compose && (
        <ComposeDialog
          key={compose.original?.key ?? "new"}
          request={compose}
          mailbox={mailbox}
          onClose={() => setCompose(null)}
          onSwitch={(mode) => setCompose((c) => (c ? { ...c, mode } : c))}
          onSent={() => {
            setCompose(null);
            setNotice(TEXTS.messageSent);
            refresh();
          }}
        />
      )}
    </div>
  );
}
