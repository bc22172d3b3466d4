import type { MailListItem } from "./api";
import { formatFileSize } from "../labels/format";
import { mailDate } from "./format";
import { TEXTS } from "./texts";

interface Props {
  messages: MailListItem[];
  selectedKey: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onSelect: (key: string) => void;
  onLoadMore: () => void;
}

/** 'Messages (count)': newest first, scrolls at 70% of the viewport height, 'Load more' at the end. */
export function MailList({ messages, selectedKey, hasMore, loadingMore, onSelect, onLoadMore }: Props) {
  return (
    <section className="card webmail-list" aria-labelledby="webmail-list-title">
      <h2 id="webmail-list-title">{TEXTS.messages(messages.length)}</h2>
      {messages.length === 0 ? (
        <p className="empty">{TEXTS.noMessages}</p>
      ) : (
        <div className="webmail-list-scroll">
          <ul className="webmail-rows">
            {messages.map((m) => (
              <li key={m.key}>
                <button
                  type="button"
                  className="webmail-row"
                  aria-current={m.key === selectedKey ? "true" : undefined}
                  onClick={() => onSelect(m.key)}
                >
                  <span className="webmail-row-top">
                    <span className="webmail-row-subject">{m.subject || TEXTS.noSubject}</span>
                    <span className="webmail-row-size muted small">{formatFileSize(m.size)}</span>
                  </span>
                  <span className="webmail-row-meta small">
                    {m.direction === "out" && <span className="badge">{TEXTS.sent}</span>}
                    <span className="webmail-row-from">{m.direction === "out" ? `To: ${m.to.join(", ")}` : m.from}</span>
                    <span className="muted">{mailDate(m)}</span>
                  </span>
                  {m.snippet && <span className="webmail-row-snippet muted small">{m.snippet}</span>}
                </button>
              </li>
            ))}
          </ul>
          {hasMore && (
            <div className="center webmail-more">
              <button type="button" className="btn btn-sm" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? TEXTS.loadingMore : TEXTS.loadMore}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
