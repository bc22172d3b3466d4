import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "./icons";
import { TEXT } from "./texts";

/** Copies `value`; says 'Copied!' for 1.5 s (SPEC §9 copy confirmations). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: select the text so the user can copy it by hand.
      (document.getElementById("developer-key-value") as HTMLInputElement | null)?.select();
    }
  }

  return (
    <button type="button" className="btn btn-sm" onClick={copy} aria-label={copied ? TEXT.copied : label}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? TEXT.copied : TEXT.copy}</span>
    </button>
  );
}
