import { useState } from "react";
import { errorText } from "../../api/client";
import { Spinner } from "../../components/Spinner";
import { downloadFile, type MailDetail } from "./api";
import { formatFileSize } from "../labels/format";
import { mailDate } from "./format";
import { TEXTS } from "./texts";

// Defence in depth for the sanitized HTML: nothing loads, nothing runs, links open nowhere.
const FRAME_CSP =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">";
const FRAME_STYLE = "<style>body{font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1c1917;margin:12px;word-wrap:break-word}</style>";

function Body({ mail }: { mail: MailDetail }) {
  if (mail.html_sanitized) {
    return (
      <iframe
        className="webmail-frame"
        title={`Message body: ${mail.subject || TEXTS.noSubject}`}
        sandbox=""
        srcDoc={`<!doctype html><html><head>${FRAME_CSP}${FRAME_STYLE}</head><body>${mail.html_sanitized}</body></html>`}
      />
    );
  }
  if (mail.text) return <pre className="webmail-text">{mail.text}</pre>;
  if (mail.snippet) return <p className="webmail-text">{mail.snippet}</p>;
  return <p className="muted">{TEXTS.noBody}</p>;
}

interface Props {
  state: { status: "none" } | { status: "loading" } | { status: "error" } | { status: "loaded"; mail: MailDetail };
  onReply: (mail: MailDetail, all: boolean) => void;
}

/** The right pane: nothing selected, loading, or the open message. */
export function MailView({ state, onReply }: Props) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (state.status === "none") return <p className="empty">{TEXTS.selectMessage}</p>;
  if (state.status === "loading") return <Spinner label={TEXTS.loadingMessage} />;
  if (state.status === "error") return <p className="empty">{TEXTS.openFailed}</p>;
  const { mail } = state;

  const download = (url: string, name: string) => async (e: React.MouseEvent) => {
    e.preventDefault();
    setDownloadError(null);
    try {
      await downloadFile(url, name);
    } catch (err) {
      setDownloadError(errorText(err, "Download failed"));
    }
  };

  return (
    <article className="webmail-message" aria-labelledby="webmail-subject">
      <h2 id="webmail-subject" className="webmail-subject">
        {mail.subject || TEXTS.noSubject}
      </h2>
      <dl className="webmail-headers">
        <dt>From</dt>
        <dd>{mail.from}</dd>
        <dt>To</dt>
        <dd>{mail.to.join(", ")}</dd>
        {mail.cc.length > 0 && (
          <>
            <dt>Cc</dt>
            <dd>{mail.cc.join(", ")}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{mailDate(mail)}</dd>
      </dl>
      <div className="row webmail-actions">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => onReply(mail, false)}>
          {TEXTS.reply}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => onReply(mail, true)}>
          {TEXTS.replyAll}
        </button>
        <a href={mail.raw_eml_url} className="btn btn-sm btn-ghost" onClick={download(mail.raw_eml_url, `${mail.key.split("/").pop()}`)}>
          {TEXTS.rawEml}
        </a>
      </div>
      {downloadError && (
        <div className="alert alert-error" role="alert">
          {downloadError}
        </div>
      )}
      <div className="webmail-body">
        <Body mail={mail} />
      </div>
      {mail.attachments.length > 0 && (
        <section aria-labelledby="webmail-attachments">
          <h3 id="webmail-attachments">{TEXTS.attachments}</h3>
          <ul className="webmail-attachments">
            {mail.attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} onClick={download(a.url, a.filename)}>
                  {a.filename}
                </a>{" "}
                <span className="muted small">
                  {a.content_type} · {formatFileSize(a.size)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
