import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { errorText } from "../../api/client";
import { useObjectUrl } from "../../api/useObjectUrl";
import { Spinner } from "../../components/Spinner";
import { fetchLabelsFile } from "./bulkPrintApi";
import type { ApiLabel } from "./types";

/**
 * A carrier's own label (Royal Mail) printed from its original file: the server places it on one 4x6 in page as the
 * bulk print does (POST /labels/print with this one label: a PDF page or an image, scaled to fit, turned when it
 * lies landscape), and the browser's PDF viewer shows and prints that page. The print dialog opens by itself once
 * the page is shown; 'Print' opens it again and 'Download PDF' saves the page for a browser whose viewer cannot.
 */
export function OriginalPrint({ label, back }: { label: ApiLabel; back: React.ReactNode }) {
  const file = useQuery({
    queryKey: ["labels", "print-original", label.id],
    queryFn: () => fetchLabelsFile({ ids: [label.id] }, "4x6", "pdf"),
    // A new page each time the view opens: the file may have changed.
    gcTime: 0,
    retry: false,
  });
  const url = useObjectUrl(file.data?.blob);
  const frame = useRef<HTMLIFrameElement>(null);
  const printed = useRef(false);

  function print() {
    try {
      frame.current?.contentWindow?.print();
    } catch {
      // A viewer that will not print from its frame: the page on its own, where its own print button is.
      if (url) window.open(url, "_blank", "noopener");
    }
  }

  if (file.isPending) return <Spinner label="Preparing the original label…" />;
  if (file.isError) {
    return (
      <div className="stack print-message">
        <p className="alert alert-error" role="alert">
          {errorText(file.error, "Failed to prepare the label for printing")}
        </p>
        <div className="print-toolbar">{back}</div>
      </div>
    );
  }
  return (
    <div className="print-original stack">
      <div className="print-toolbar no-print">
        {back}
        <button type="button" className="btn btn-primary" onClick={print} disabled={!url}>
          Print
        </button>
        {url && (
          <a className="btn" href={url} download={file.data.name}>
            Download PDF
          </a>
        )}
      </div>
      <p className="small muted print-original-hint no-print">The label's original file, on one 4x6 in page.</p>
      {url && (
        <iframe
          ref={frame}
          className="print-original-frame"
          title={`Original label ${label.trackingCode}`}
          src={url}
          data-file-name={file.data.name}
          onLoad={() => {
            if (printed.current) return;
            printed.current = true;
            setTimeout(print, 300);
          }}
        />
      )}
    </div>
  );
}
