import { useId, useRef, useState, type DragEvent } from "react";
import { formatFileSize } from "../labels/format";

/** Drop-zone rules: images and PDFs, 1 byte to 16 MB each, at most 15 files per drop. */
export const ACCEPT = ["application/pdf", "image/png", "image/jpeg", "image/webp"];
const EXTENSIONS = [".pdf", ".png", ".jpg", ".jpeg", ".webp"];
export const MAX_FILES = 15;
export const MAX_SIZE = 16 * 1024 * 1024;
export const MIN_SIZE = 1;

export interface Rejection {
  file: File | null;
  errors: string[];
}

function typeOk(f: File): boolean {
  if (ACCEPT.includes(f.type)) return true;
  return !f.type && EXTENSIONS.some((e) => f.name.toLowerCase().endsWith(e));
}

/** Splits a drop into accepted files and rejections with the spec's messages. */
export function checkFiles(files: File[]): { accepted: File[]; rejected: Rejection[] } {
  if (files.length > MAX_FILES) return { accepted: [], rejected: [{ file: null, errors: ["Too many files"] }] };
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const f of files) {
    const errors: string[] = [];
    if (!typeOk(f)) errors.push(`File type must be one of ${ACCEPT.join(", ")}`);
    // Sizes in MB, not bytes (the spec's 'File is larger than N bytes' is superseded by issue 24).
    if (f.size > MAX_SIZE) errors.push(`File is larger than ${formatFileSize(MAX_SIZE)} (this one is ${formatFileSize(f.size)})`);
    if (f.size < MIN_SIZE) errors.push("File is empty");
    if (errors.length) rejected.push({ file: f, errors });
    else accepted.push(f);
  }
  return { accepted, rejected };
}

function UploadIcon() {
  return (
    <svg className="dropzone-icon" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 16V4" />
      <path d="M7 9l5-5 5 5" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}

export function DropZone({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const title = disabled ? "You need credits to process labels" : undefined;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles([...e.dataTransfer.files]);
  };

  return (
    <div
      className={`dropzone${over ? " dropzone-over" : ""}${disabled ? " dropzone-disabled" : ""}`}
      data-testid="dropzone"
      title={title}
      aria-disabled={disabled || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <UploadIcon />
      {disabled ? (
        <p className="dropzone-text">Add credits to enable uploads.</p>
      ) : (
        <p className="dropzone-text">Drop label files here, or choose them.</p>
      )}
      <p className="muted small" id={hintId}>
        PDF, PNG, JPEG or WEBP, up to 16MB each, at most {MAX_FILES} files at once.
      </p>
      <button type="button" className="btn btn-primary" disabled={disabled} title={title} aria-describedby={hintId} onClick={() => input.current?.click()}>
        Choose files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={[...ACCEPT, ...EXTENSIONS].join(",")}
        hidden
        disabled={disabled}
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
