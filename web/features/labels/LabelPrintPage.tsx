import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { useTitleName } from "../../app/titles";
import { Spinner } from "../../components/Spinner";
import { printPlan } from "../../../shared/print-content";
import { OriginalPrint } from "./OriginalPrint";
import { PrintableLabel } from "./PrintableLabel";
import { PrintRecipientForm } from "./PrintRecipientForm";
import { labelQueryKey, useCourier, useCouriers, useLabel } from "./labelsApi";
import type { ApiCourier, ApiLabel } from "./types";

/**
 * The print view, /label/:code/print, as the label prints (printPlan): an Evri label drawn on one 4x6 in page, after
 * asking for its recipient when it has only a postcode; a Royal Mail label's original file on one 4x6 page; else
 * the reason it cannot print, in words. The frame hides the navigation here; the bar above the label never prints.
 */
export default function LabelPrintPage() {
  const { code = "" } = useParams();
  const label = useLabel(code);
  const couriers = useCouriers();
  // The saved PDF is named by the title: the tracking code, not the label's internal id.
  useTitleName(label.data?.trackingCode);
  if (label.isPending || couriers.isPending) return <Spinner label="Loading label…" />;
  // Any failure (404, another user's label, network) prints the same line: there is nothing to print. This tab has no
  // navigation bar (it opens on its own from Print), so the way back is given here.
  if (label.isError || !label.data) {
    return (
      <div className="print-error">
        <p role="alert">Label not found</p>
        <Link className="btn" to="/labels">
          Back to all labels
        </Link>
      </div>
    );
  }
  return <LabelPrint code={code} label={label.data} />;
}

function LabelPrint({ code, label }: { code: string; label: ApiLabel }) {
  const queryClient = useQueryClient();
  const courier = useCourier(label.courier);
  // The couriers call failed: the label is drawn, as before that call existed.
  const plan = printPlan(label, courier ? courier.printing.supported : true);
  const back = (
    <Link className="btn btn-ghost" to={`/label/${encodeURIComponent(label.id)}`}>
      Back to label
    </Link>
  );
  if (plan.how === "none") return <CannotPrint label={label} courier={courier} back={back} />;
  if (plan.how === "original") {
    return (
      <div className="print-view">
        <OriginalPrint label={label} back={back} />
      </div>
    );
  }
  if (!plan.recipient) {
    return (
      <div className="print-view">
        <div className="print-toolbar no-print">{back}</div>
        <PrintRecipientForm label={label} askSender={!plan.sender} onSaved={(saved) => queryClient.setQueryData(labelQueryKey(code), saved)} />
      </div>
    );
  }
  return (
    <div className="print-view">
      <div className="print-toolbar no-print">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <PrintableLabel label={label} />
    </div>
  );
}

/** A label with nothing to print (a Royal Mail label made by hand: no file to print from), said in words. */
function CannotPrint({ label, courier, back }: { label: ApiLabel; courier: ApiCourier | undefined; back: React.ReactNode }) {
  return (
    <div className="print-view">
      <div className="card stack print-message" role="alert">
        <h1>{courier?.printing.supported === false ? courier.printing.disabledTitle : "This label cannot be printed"}</h1>
        <p>
          Label <span className="mono">{label.trackingCode}</span> has no original file to print: only a label imported from its PDF or image can be
          printed. Print it where it was made (for Royal Mail, Click &amp; Drop), or import that file.
        </p>
        <div className="row">{back}</div>
      </div>
    </div>
  );
}
