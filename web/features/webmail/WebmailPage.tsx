import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { useAuth } from "../../app/auth";
import { AccessDenied } from "../../components/AccessDenied";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { fetchMail, fetchMessage, type MailDetail, type MailListItem } from "./api";
import { ComposeDialog, type ComposeRequest } from "./ComposeDialog";
import { MailList } from "./MailList";
import { MailView } from "./MailView";
import { TEXTS } from "./texts";

type Access = "loading" | "allowed" | "denied";
type ViewState = { status: "none" } | { status: "loading" } | { status: "error" } | { status: "loaded"; mail: MailDetail };

/** /webmail: the admin mailbox (admins only; every call is also checked on the server). */
export default function WebmailPage() {
  const { user, isAdmin } = useAuth();
  const [access, setAccess] = useState<Access>("loading");
  const [messages, setMessages] = useState<MailListItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [mailbox, setMailbox] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [view, setView] = useState<ViewState>({ status: "none" });
  const [compose, setCompose] = useState<ComposeRequest | null>(null);
  const [notice, setNotice] = useState("");
  const listRequest = useRef(0);
  const paneRef = useRef<HTMLElement>(null);
  const loadedOnce = useRef(false);
  const knownNonAdmin = user !== null && !isAdmin;

  /** Loads the first page (Refresh, search, after sending) or the next one (Load more). */
  const load = useCallback(
    async (opts: { more?: string | null; q: string }) => {
      const id = ++listRequest.current;
      if (opts.more) setLoadingMore(true);
      try {
        const page = await fetchMail({ cursor: opts.more, q: opts.q });
        if (id !== listRequest.current) return;
        setMessages((prev) => (opts.more ? [...prev, ...page.results] : page.results));
        setCursor(page.next_cursor);
        setMailbox(page.mailbox);
        setError(null);
        setAccess("allowed");
        loadedOnce.current = true;
      } catch (err) {
        if (id !== listRequest.current) return;
        if (err instanceof ApiError && err.status === 403) {
          setAccess("denied");
          return;
        }
        setError(loadedOnce.current ? TEXTS.loadMailFailed : TEXTS.loadWebmailFailed);
        setAccess("allowed");
      } finally {
        if (id === listRequest.current) setLoadingMore(false);
      }
    },
    [],
  );

  useEffect(() => {
    if (knownNonAdmin) return;
    void load({ q: search });
  }, [knownNonAdmin, load, search]);

  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), 300);
    return () => clearTimeout(t);
  }, [query]);

  useEffect(() => {
    if (!selected) return;
    const ctrl = new AbortController();
    setView({ status: "loading" });
    fetchMessage(selected, ctrl.signal)
      .then((mail) => {
        setView({ status: "loaded", mail });
        // One column on small screens: bring the opened message into view.
        if (window.matchMedia("(max-width: 860px)").matches) paneRef.current?.scrollIntoView({ block: "start" });
      })
      .catch(() => {
        if (ctrl.signal.aborted) return;
        setView({ status: "error" });
        setError(TEXTS.openFailed);
      });
    return () => ctrl.abort();
  }, [selected]);

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
            if (q === search) void load({ q });
            else setSearch(q);
          }}
        >
          <label htmlFor="webmail-search" className="sr-only">
            {TEXTS.searchLabel}
          </label>
          <input
            id="webmail-search"
            type="search"
            className="input"
            placeholder={TEXTS.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </form>
        <button type="button" className="btn" onClick={() => void load({ q: search })}>
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
          hasMore={Boolean(cursor)}
          loadingMore={loadingMore}
          onSelect={(key) => {
            setError(null);
            setSelected(key);
          }}
          onLoadMore={() => void load({ more: cursor, q: search })}
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
            void load({ q: search });
          }}
        />
      )}
    </div>
  );
}
