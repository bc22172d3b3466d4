import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useParams } from "react-router";
import { fetchBanner } from "../../api/banner";
import { useObjectUrl } from "../../api/useObjectUrl";
import { Spinner } from "../../components/Spinner";
import { labelPrintContent } from "../../../worker/labels/print-content";
import { useLabel } from "./labelsApi";
import type { ApiLabel } from "./types";

/** Quiet zones on white: scanners (and zxing) need them, and a transparent canvas prints unpredictably. */
const QUIET = { padding: 10, backgroundcolor: "FFFFFF" };

/** Loads a company banner through the API client (auth header); none, or any failure: no banner. */
function useBanner(url: string | null | undefined) {
  const banner = useQuery({
    queryKey: ["labels", "banner", url],
    queryFn: ({ signal }) => fetchBanner(url!, signal),
    enabled: Boolean(url),
  });
  return useObjectUrl(banner.data);
}

export default function LabelPrintPage() {
  const { code = "" } = useParams();
  const label = useLabel(code);
  if (label.isPending) return <Spinner label="Loading label…" />;
  // Any failure (404, another user's label, network) prints the same line: there is nothing to print.
  if (label.isError || !label.data) return <p className="print-error" role="alert">Label not found</p>;
  return <PrintableLabel label={label.data} />;
}

/** The label as the merged PDF and ZPL also print it (the same content, from labelPrintContent). */
function PrintableLabel({ label }: { label: ApiLabel }) {
  const content = useMemo(() => labelPrintContent(label), [label]);
  const pdfRef = useRef<HTMLCanvasElement>(null);
  const codeRef = useRef<HTMLCanvasElement>(null);
  const [errors, setErrors] = useState<{ pdf417?: string; code128?: string }>({});
  const [drawn, setDrawn] = useState(false);
  const banner = useBanner(label.labelSettings.banner_image_url);

  useEffect(() => {
    let live = true;
    void (async () => {
      const bwipjs = (await import("bwip-js/browser")).default;
      const next: { pdf417?: string; code128?: string } = {};
      try {
        bwipjs.toCanvas(pdfRef.current!, { bcid: "pdf417", text: content.pdf417, scale: 2, ...QUIET });
      } catch {
        next.pdf417 = "Failed to render PDF417";
      }
      try {
        // Code128 bars 2 px wide (scale 2) and 60 px high: bwip-js heights are mm at 72 dpi per scale unit.
        bwipjs.toCanvas(codeRef.current!, { bcid: "code128", text: content.code128, scale: 2, height: (60 / 2) * (25.4 / 72), ...QUIET });
      } catch {
        next.code128 = "Failed to render Code128";
      }
      if (!live) return;
      setErrors(next);
      setDrawn(true);
    })();
    return () => {
      live = false;
    };
  }, [content]);

  useEffect(() => {
    if (!drawn) return;
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, [drawn]);

  const { from, to, vanRouting: van } = content;
  return (
    <article className="print-label" aria-label={`Printable label ${label.trackingCode}`} data-ready={drawn ? "true" : undefined}>
      {/* Only while this view is mounted, so other screens print on ordinary paper. */}
      <style>{"@page { size: 4in 6in; margin: 0; }"}</style>
      {banner && <img className="print-banner" src={banner} alt={label.labelSettings.company_name ?? "Company banner"} />}
      {(content.companyName || content.companyTagline) && (
        <div className="print-company">
          {content.companyName && <strong>{content.companyName}</strong>}
          {content.companyTagline && <span>{content.companyTagline}</span>}
        </div>
      )}
      <div className="print-blocks">
        <section className="print-block">
          <h2>From</h2>
          {from.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, never reordered (two may read the same)
            <div key={i}>{l}</div>
          ))}
        </section>
        <section className="print-block print-to">
          <h2>To</h2>
          {to.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, never reordered (two may read the same)
            <div key={i}>{l}</div>
          ))}
        </section>
        {van && (
          <section className="print-block">
            <h2>Van Routing</h2>
            <div className="mono">{van}</div>
          </section>
        )}
      </div>
      <div className="print-meta">
        {content.facts.map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </div>
      <div className="print-2d">
        <canvas ref={pdfRef} aria-label="PDF417 barcode" role="img" />
        {errors.pdf417 && <p role="alert">{errors.pdf417}</p>}
      </div>
      <div className="print-1d">
        <canvas ref={codeRef} aria-label="Code128 barcode" role="img" />
        {errors.code128 && <p role="alert">{errors.code128}</p>}
        <div className="mono print-code">{content.code128}</div>
      </div>
    </article>
  );
}
