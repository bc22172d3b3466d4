import type { PrintPlan } from "../../../shared/print-content";
import { printPlanOf, printTitle } from "./format";
import { useCourier } from "./labelsApi";
import type { ApiCourier, ApiLabel } from "./types";

/** How a label prints and what the label page says about it before printing (printPlanOf, with the couriers call). */
export function usePrintPlan(label: ApiLabel): { plan: PrintPlan; note: string | null; courier: ApiCourier | undefined } {
  const courier = useCourier(label.courier);
  return { ...printPlanOf(label, courier), courier };
}

/**
 * Print: the print view in a new tab; disabled, described by the visible note, when the label cannot print. A
 * disabled button also carries the courier's reason as its title (SPEC: 'Printing not supported for Royal Mail
 * yet'), for a pointer that hovers; the note beside it says the same to everyone else.
 */
export function PrintButton({
  label,
  plan,
  courier,
  noteId,
  className = "btn btn-primary",
}: {
  label: ApiLabel;
  plan: PrintPlan;
  /** The label's courier as usePrintPlan found it (one couriers query a label, not one a button). */
  courier: ApiCourier | undefined;
  noteId?: string;
  className?: string;
}) {
  const title = printTitle(plan, courier);
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
