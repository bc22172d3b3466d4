import { useQuery } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { fetchBanner } from "../../api/banner";
import { useObjectUrl } from "../../api/useObjectUrl";
import { labelPrintContent } from "../../../shared/print-content";
import type { ApiLabel } from "./types";

/**
 * Quiet zones on white: scanners (and zxing) need them, and a transparent canvas prints unpredictably. Across the
 * bars, 10 modules (Code128's 10X); above and below, 2 (PDF417's 2X; Code128 needs none): the text keeps that room.
 */
const QUIET = { paddingwidth: 10, paddingheight: 2, backgroundcolor: "FFFFFF" };
/** bwip-js module size in CSS px (2 px: 0.53 mm). */
const SCALE = 2;
/** The text's size steps down to this share of its own (11 pt to 6.6 pt) before any of it is clipped. */
const MIN_FIT = 0.6;

/** Loads a company banner through the API client (auth header); none, or any failure: no banner. */
function useBanner(url: string | null | undefined) {
  const banner = useQuery({
    queryKey: ["labels", "banner", url],
    queryFn: ({ signal }) => fetchBanner(url!, signal),
    enabled: Boolean(url),
  });
  // Settled with nothing to show: no banner set (no URL, or the call answers none) or it failed to load.
  return { src: useObjectUrl(banner.data), failed: !url || banner.isError || (banner.isSuccess && !banner.data) };
}

type Bwip = typeof import("bwip-js/browser");

/**
 * A PDF417 no wider than the label: bwip-js's own column count, or fewer columns (a taller symbol) when that would
 * be wider, so the symbol is never scaled down by the page (its modules stay 2 px).
 */
function drawPdf417(bwipjs: Bwip, canvas: HTMLCanvasElement, text: string) {
  const room = canvas.parentElement?.clientWidth ?? Number.POSITIVE_INFINITY;
  bwipjs.toCanvas(canvas, { bcid: "pdf417", text, scale: SCALE, ...QUIET });
  // 69 modules of start, stop and row indicators, 17 per data column; the quiet zone both sides.
  for (let columns = Math.floor((room / SCALE - 69 - 2 * QUIET.paddingwidth) / 17); canvas.width > room && columns >= 1; columns--) {
    // PDF417's data columns: a bwipp option bwip-js's types do not list.
    bwipjs.toCanvas(canvas, { bcid: "pdf417", text, scale: SCALE, columns, ...QUIET } as Parameters<Bwip["toCanvas"]>[1]);
  }
}

/**
 * The label as the merged PDF and ZPL also print it (the same content, from labelPrintContent), on exactly one
 * 4x6 in page: the barcodes keep their size at the bottom, and the text above steps down in size (then clips,
 * far beyond real addresses) until it fits the room left. Opens the print dialog once everything is drawn.
 */
export function PrintableLabel({ label }: { label: ApiLabel }) {
  const content = useMemo(() => labelPrintContent(label), [label]);
  const pdfRef = useRef<HTMLCanvasElement>(null);
  const codeRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<{ pdf417?: string; code128?: string }>({});
  const [drawn, setDrawn] = useState(false);
  const banner = useBanner(label.labelSettings.banner_image_url);
  const [bannerShown, setBannerShown] = useState(false);
  const bannerSettled = banner.failed || bannerShown;
  const [fitted, setFitted] = useState<{ scale: number; overflow: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    // New content: drawn again, then fitted again.
    setDrawn(false);
    void (async () => {
      const bwipjs = (await import("bwip-js/browser")).default;
      const next: { pdf417?: string; code128?: string } = {};
      try {
        drawPdf417(bwipjs, pdfRef.current!, content.pdf417);
      } catch {
        next.pdf417 = "Failed to render PDF417";
      }
      try {
        // Code128 bars 2 px wide (scale 2) and 60 px high: bwip-js heights are mm at 72 dpi per scale unit.
        bwipjs.toCanvas(codeRef.current!, { bcid: "code128", text: content.code128, scale: SCALE, height: (60 / SCALE) * (25.4 / 72), ...QUIET });
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

  // Once the barcodes and the banner have their sizes, the text gets the room left: the largest size that fits.
  useLayoutEffect(() => {
    const box = textRef.current;
    if (!drawn || !bannerSettled || !box) return;
    let scale = 1;
    box.style.setProperty("--print-fit", "1");
    while (box.scrollHeight > box.clientHeight && scale > MIN_FIT) {
      scale = Math.round((scale - 0.05) * 100) / 100;
      box.style.setProperty("--print-fit", String(scale));
    }
    setFitted({ scale, overflow: box.scrollHeight > box.clientHeight });
  }, [drawn, bannerSettled]);

  useEffect(() => {
    if (!fitted) return;
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, [fitted]);

  const { from, to, vanRouting: van } = content;
  return (
    <article
      className="print-label"
      aria-label={`Printable label ${label.trackingCode}`}
      data-ready={fitted ? "true" : undefined}
      data-fit={fitted?.scale}
      data-overflow={fitted?.overflow ? "true" : undefined}
    >
      {/* Only while this view is mounted, so other screens print on ordinary paper. */}
      <style>{"@page { size: 4in 6in; margin: 0; }"}</style>
      <div className="print-text" ref={textRef}>
        {banner.src && (
          <img
            className="print-banner"
            src={banner.src}
            alt={label.labelSettings.company_name ?? "Company banner"}
            onLoad={() => setBannerShown(true)}
            onError={() => setBannerShown(true)}
          />
        )}
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
        </div>
        {van && (
          <section className="print-block print-van">
            <h2>Van Routing</h2>
            <div className="mono">{van}</div>
          </section>
        )}
        <div className="print-meta">
          {content.facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </div>
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
