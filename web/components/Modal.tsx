import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog over the page: a titled card on a dimmed backdrop. The first focusable element of `initialFocus` (a CSS
 * selector inside it; else the first one) takes the focus when it opens, Tab stays inside, Escape and a click on the
 * backdrop close it, and the focus goes back where it was (unless what the dialog did already put it elsewhere: a
 * deletion's Undo, DeletionNoticeBar). It is drawn at the end of the body (a portal), so a card it
 * is opened from (a containing block of its own) never clips it.
 */
export function Modal({ title, onClose, initialFocus, className, children }: { title: string; onClose: () => void; initialFocus?: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per opening
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first = (initialFocus && dialog?.querySelector<HTMLElement>(initialFocus)) || dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      const now = document.activeElement;
      if (!now || now === document.body || dialog?.contains(now)) opener?.focus?.();
    };
  }, []);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`modal card ${className ?? ""}`} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-ghost btn-sm modal-close" aria-label="Close" onClick={onClose}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
