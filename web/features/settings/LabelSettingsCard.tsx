import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { ApiError, errorText } from "../../api/client";
import { useObjectUrl } from "../../api/useObjectUrl";
import { BANNER_QUERY_KEY, updateProfile, useBanner } from "./api";
import { BANNER_MAX_BYTES, BANNER_TYPES, TEXT } from "./texts";

/**
 * The client's banner checks: type and size. Answers the errors, first one shown, in a seller's words (issue 33: a PDF
 * got 'File type must be one of image/png, image/jpeg, image/webp'); the server says the same (worker/accounts/profile.ts).
 */
export function bannerErrors(file: File): string[] {
  const errors: string[] = [];
  if (!(BANNER_TYPES as readonly string[]).includes(file.type)) errors.push(TEXT.bannerType);
  if (file.size > BANNER_MAX_BYTES) errors.push(TEXT.bannerTooLarge);
  return errors;
}

type Message = { kind: "ok" | "error"; text: string } | null;

/** The product's own colour (the app's --brand), shown when the seller chose none. */
const DEFAULT_BRAND_COLOR = "#b45309";

/** Company name, tagline and banner printed on labels, and the brand colour of the buyer's tracking page. */
export function LabelSettingsCard({
  companyName,
  companyTagline,
  brandColor,
  onSaved,
}: {
  companyName: string | null;
  companyTagline: string | null;
  brandColor: string | null;
  onSaved: () => Promise<unknown>;
}) {
  const [name, setName] = useState(companyName ?? "");
  const [tagline, setTagline] = useState(companyTagline ?? "");
  // '' is the product's own colour.
  const [color, setColor] = useState(brandColor ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"saving" | "removing" | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const current = useBanner();
  const bannerUrl = useObjectUrl(current.data);
  const banner = current.isPending
    ? ({ kind: "loading" } as const)
    : current.isError
      ? ({ kind: "error" } as const)
      : !current.data
        ? ({ kind: "none" } as const)
        : bannerUrl
          ? ({ kind: "shown", url: bannerUrl } as const)
          : ({ kind: "loading" } as const);
  // After an upload or a removal the banner is read again.
  const reloadBanner = () => void queryClient.invalidateQueries({ queryKey: BANNER_QUERY_KEY });

  function choose(files: FileList | null) {
    setMessage(null);
    const chosen = files?.[0] ?? null;
    if (!chosen) return setFile(null);
    if (files && files.length > 1) {
      setFileError(TEXT.fileNotAccepted);
      return setFile(null);
    }
    const errors = bannerErrors(chosen);
    if (errors.length) {
      setFileError(errors[0] ?? TEXT.fileNotAccepted);
      setFile(null);
      if (input.current) input.current.value = "";
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy("saving");
    setMessage(null);
    try {
      await updateProfile({ company_name: name, company_tagline: tagline, brand_color: color, banner_image: file ?? undefined });
      setMessage({ kind: "ok", text: TEXT.saved });
      if (file) {
        setFile(null);
        if (input.current) input.current.value = "";
        reloadBanner();
      }
      await onSaved();
    } catch (err) {
      setMessage({ kind: "error", text: detailed(TEXT.saveFailed, err) });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("removing");
    setMessage(null);
    try {
      await updateProfile({ remove_banner: true });
      setMessage({ kind: "ok", text: TEXT.bannerRemoved });
      reloadBanner();
    } catch (err) {
      setMessage({ kind: "error", text: detailed(TEXT.removeFailed, err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card" aria-labelledby="label-settings-title">
      <form onSubmit={save} noValidate>
        <div className="grid">
          <div className="field">
            <label htmlFor="company-name">{TEXT.companyName}</label>
            <input id="company-name" className="input" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" />
          </div>
          <div className="field">
            <label htmlFor="company-tagline">{TEXT.companyTagline}</label>
            <input id="company-tagline" className="input" maxLength={200} value={tagline} onChange={(e) => setTagline(e.target.value)} />
          </div>
        </div>

        <div className="field">
          <label htmlFor="brand-color">{TEXT.brandColor}</label>
          <div className="row brand-color-row">
            <input id="brand-color" className="brand-color-input" type="color" value={color || DEFAULT_BRAND_COLOR} onChange={(e) => setColor(e.target.value)} aria-describedby="brand-color-hint" />
            <span className="mono small">{color || `${DEFAULT_BRAND_COLOR} (Parcelhive)`}</span>
            {color && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setColor("")}>
                {TEXT.brandColorDefault}
              </button>
            )}
          </div>
          <span id="brand-color-hint" className="hint">
            {TEXT.brandColorHint}
          </span>
        </div>

        <div className="field">
          <span className="label" id="current-banner-label">
            {TEXT.currentBanner}
          </span>
          <div className="banner-preview" aria-labelledby="current-banner-label">
            {banner.kind === "loading" && <span className="muted small">Loading banner…</span>}
            {banner.kind === "none" && <span className="muted small">{TEXT.noBanner}</span>}
            {banner.kind === "error" && (
              <span className="settings-error-text" role="alert">
                {TEXT.bannerLoadFailed}
              </span>
            )}
            {banner.kind === "shown" && <img src={banner.url} alt="Your current label banner" />}
          </div>
          {banner.kind === "shown" && (
            <div>
              <button type="button" className="btn btn-danger btn-sm" onClick={remove} disabled={busy !== null}>
                {busy === "removing" ? TEXT.removing : TEXT.removeBanner}
              </button>
            </div>
          )}
        </div>

        <div className="field">
          <label htmlFor="banner-image">{banner.kind === "shown" ? "Replace banner image" : TEXT.banner}</label>
          <input
            id="banner-image"
            ref={input}
            className="input"
            type="file"
            accept={BANNER_TYPES.join(",")}
            aria-describedby="banner-hint banner-error"
            aria-invalid={fileError ? true : undefined}
            onChange={(e) => choose(e.target.files)}
          />
          <span id="banner-hint" className="hint">
            {TEXT.bannerHint}
          </span>
          <span id="banner-error" role="alert" className="settings-error-text">
            {fileError}
          </span>
        </div>

        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === "saving" ? TEXT.saving : TEXT.save}
          </button>
          <span role="status" aria-live="polite" className={message?.kind === "error" ? "settings-error-text" : "settings-ok-text"}>
            {message?.text}
          </span>
        </div>
      </form>
    </section>
  );
}

/** The spec's text, with the server's reason when it gave one (e.g. which rule the banner broke). */
function detailed(text: string, err: unknown): string {
  const reason = err instanceof ApiError ? errorText(err, "") : "";
  return reason ? `${text} ${reason}` : text;
}
