import { useEffect, useRef, useState } from "react";
import { CheckIcon, CopyIcon } from "./icons";

/**
 * Copies `value` and says 'Copied!' for `ms` (1.5 s for tracking codes and keys, 1.2 s for
 * addresses). Where the clipboard API is blocked (an insecure context) a hidden textarea is
 * copied instead, so the button works on every page that shows it.
 */
export function CopyButton({ value, label, ms = 1500, className = "btn btn-ghost btn-sm" }: { value: string; label: string; ms?: number; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const ta = document.createElement("textarea");
      ta.value = value;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.opacity = "0";
      document.body.appendChild(ta);
      ta.select();
      document.execCommand("copy");
      ta.remove();
    }
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
