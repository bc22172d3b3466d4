import { useEffect, useId, useRef, useState } from "react";
import { errorText } from "../../api/client";
import { Field } from "../../components/Field";
import { bareAddress, sendMail, sendReply, splitAddresses, type MailDetail } from "./api";
import { TEXTS } from "./texts";

const T = TEXTS.compose;

export type ComposeMode = "new" | "reply" | "replyAll";
export interface ComposeRequest {
  mode: ComposeMode;
  original?: MailDetail;
}

/** Recipients a reply starts with: the sender (Reply-To first); Reply all adds the others but us. */
export function replyRecipients(original: MailDetail, all: boolean, mailbox: string) {
  const to = bareAddress(original.reply_to ?? original.from);
  if (!all) return { to, cc: "" };
  const skip = new Set([to.toLowerCase(), mailbox.toLowerCase()]);
  const cc = [...original.to, ...original.cc].map(bareAddress).filter((a) => {
    const lower = a.toLowerCase();
    if (skip.has(lower)) return false;
    skip.add(lower);
    return true;
  });
  return { to, cc: cc.join(", ") };
}

const replySubject = (s: string) => (/^re:/i.test(s.trim()) ? s : `Re: ${s}`);

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

interface Props {
  request: ComposeRequest;
  mailbox: string;
  onClose: () => void;
  onSent: () => void;
  onSwitch: (mode: ComposeMode) => void;
}

/** The compose dialog: an accessible modal (focus trapped, Escape / × / backdrop / Cancel close it). */
export function ComposeDialog({ request, mailbox, onClose, onSent, onSwitch }: Props) {
  const { mode, original } = request;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const initial = original && mode !== "new" ? replyRecipients(original, mode === "replyAll", mailbox) : { to: "", cc: "" };
  const [from, setFrom] = useState("");
  const [to, setTo] = useState(initial.to);
  const [cc, setCc] = useState(initial.cc);
  const [bcc, setBcc] = useState("");
  const [subject, setSubject] = useState(original && mode !== "new" ? replySubject(original.subject) : "");
  const [text, setText] = useState("");
  const [html, setHtml] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Switching Reply <-> Reply all recomputes the recipients.
  useEffect(() => {
    if (!original || mode === "new") return;
    const r = replyRecipients(original, mode === "replyAll", mailbox);
    setTo(r.to);
    setCc(r.cc);
  }, [mode, original, mailbox]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per opening, not per mode switch
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = dialogRef.current?.querySelector<HTMLElement>(mode === "new" ? "#compose-to" : "#compose-body");
    first?.focus();
    return () => opener?.focus?.();
  }, []);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const firstEl = items[0];
    const lastEl = items[items.length - 1];
    if (e.shiftKey && document.activeElement === firstEl) {
      e.preventDefault();
      lastEl.focus();
    } else if (!e.shiftKey && document.activeElement === lastEl) {
      e.preventDefault();
      firstEl.focus();
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const toList = splitAddresses(to);
    if (!toList.length) {
      setError(T.required);
      return;
    }
    if (mode !== "new" && !original) {
      setError(T.noOriginal);
      return;
    }
    setSending(true);
    const common = {
      ...(from.trim() ? { from: from.trim() } : {}),
      cc: splitAddresses(cc),
      bcc: splitAddresses(bcc),
      ...(text.trim() ? { text } : {}),
      ...(html.trim() ? { html } : {}),
    };
    try {
      if (mode === "new") await sendMail({ ...common, to: toList, subject });
      else await sendReply({ ...common, key: original!.key, to: toList[0], includeQuoted: true });
      onSent();
    } catch (err) {
      setError(errorText(err, T.failed));
    } finally {
      setSending(false);
    }
  }

  const title = mode === "new" ? T.new : mode === "reply" ? T.reply : T.replyAll;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-ghost btn-sm modal-close" aria-label={T.close} onClick={onClose}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <form onSubmit={submit} noValidate>
          {mode !== "new" && (
            <p>
              <button type="button" className="link-button" onClick={() => onSwitch(mode === "reply" ? "replyAll" : "reply")}>
                {mode === "reply" ? T.switchToAll : T.switchToOne}
              </button>
            </p>
          )}
          <Field
            id="compose-from"
            label={T.from}
            hint={T.fromHint}
            type="email"
            placeholder={`name@${mailbox.split("@")[1] || T.fromPlaceholder.split("@")[1]}`}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field id="compose-to" label={T.to} hint={T.toHint} value={to} onChange={(e) => setTo(e.target.value)} />
          <div className="compose-two">
            <Field id="compose-cc" label={T.cc} value={cc} onChange={(e) => setCc(e.target.value)} />
            <Field id="compose-bcc" label={T.bcc} value={bcc} onChange={(e) => setBcc(e.target.value)} />
          </div>
          <Field id="compose-subject" label={T.subject} value={subject} readOnly={mode !== "new"} onChange={(e) => setSubject(e.target.value)} />
          <div className="field">
            <label htmlFor="compose-body">{T.body}</label>
            <textarea id="compose-body" className="input" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <details className="compose-html">
            <summary>{T.html}</summary>
            <div className="field">
              <label htmlFor="compose-html" className="sr-only">
                {T.htmlField}
              </label>
              <textarea id="compose-html" className="input mono" rows={6} value={html} onChange={(e) => setHtml(e.target.value)} />
            </div>
          </details>
          <p className="hint small muted">{T.htmlHint}</p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="row modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              {T.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? T.sending : T.send}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
