import { printPlan, type PrintPlan } from "../../../worker/labels/print-content";
import { useCourier } from "./labelsApi";
import type { ApiLabel } from "./types";

/**
 * How a label prints and what the label page says about it before printing, in words (no tooltip: touch screens
 * have no hover): why it cannot print, that the print asks for a missing recipient, that the From box prints
 * empty, or that the original file prints.
 */
export function usePrintPlan(label: ApiLabel): { plan: PrintPlan; note: string | null } {
  const courier = useCourier(label.courier);
  // The couriers call not answered (or failed): the label is drawn, as before that call existed.
  const plan = printPlan(label, courier ? courier.printing.supported : true);
  if (plan.how === "none") {
    const cannot = courier?.printing.supported === false ? courier.printing.disabledTitle : "This label cannot be printed";
    return { plan, note: `${cannot}: this label has no original file to print.` };
  }
  if (plan.how === "original") return { plan, note: `Prints the original ${courier?.displayName ?? ""} label file.`.replace("  ", " ") };
  if (!plan.recipient) return { plan, note: "No recipient name and address yet: Print asks for them first." };
  if (!plan.sender) return { plan, note: "No sender: the From box prints empty (add one in Edit details)." };
  return { plan, note: null };
}

/**
 * Print: the print view in a new tab; disabled, described by the visible note, when the label cannot print. A
 * disabled button also carries the courier's reason as its title (SPEC: 'Printing not supported for Royal Mail
 * yet'), for a pointer that hovers; the note beside it says the same to everyone else.
 */
export function PrintButton({ label, plan, noteId, className = "btn btn-primary" }: { label: ApiLabel; plan: PrintPlan; noteId?: string; className?: string }) {
  const courier = useCourier(label.courier);
  const title = plan.how === "none" && courier?.printing.supported === false ? courier.printing.disabledTitle : undefined;
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.open(`/label/${encodeURIComponent(label.id)}/print`, "_blank", "noopener")}
      disabled={plan.how === "none"}
      title={title}
      aria-describedby={noteId}
    >
      Print
    </button>
  );
}
