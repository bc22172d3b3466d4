import { useEffect, useRef, useState } from "react";
import { copyText } from "./clipboard";
import { CheckIcon, CopyIcon } from "./icons";

/**
 * Copies `value` and says 'Copied!' for `ms` (1.5 s for tracking codes and keys, 1.2 s for
 * addresses). Works on every page that shows it (copyText falls back where the clipboard API is blocked).
 */
export function CopyButton({ value, label, ms = 1500, className = "btn btn-ghost btn-sm" }: { value: string; label: string; ms?: number; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    await copyText(value);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), ms);
  }

  return (
    <button type="button" className={className} onClick={copy} aria-label={copied ? "Copied!" : label}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
    </button>
  );
}
