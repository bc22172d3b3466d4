import { formatNumber } from "../../components/numbers";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { chartLegend, yTicks } from "./chart-scales";
import { DAY_BUCKETS } from "./texts";

// Loaded lazily by DeliveryPerformance: uPlot and its CSS only download when a chart is shown.

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
const SHORT = ["0", "1", "2", "3", "4", "5+"];

/** One courier's transit distribution as bars (0 to 5+ working days); a click anywhere opens its labels. */
export default function TransitChart({ counts, label, onPick }: { counts: number[]; label: string; onPick: () => void }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = DAY_BUCKETS.map((_, i) => i);
    const ink = cssVar("--muted", "#6b7280");
    const grid = { stroke: cssVar("--line", "#e5e7eb"), width: 1 };
    const font = "11px system-ui, sans-serif";
    const top = yTicks(Math.max(0, ...counts)).at(-1) ?? 4;
    const width = Math.max(260, el.clientWidth);
    const legend = chartLegend([...DAY_BUCKETS], counts, `${DAY_BUCKETS[0]} to ${DAY_BUCKETS[DAY_BUCKETS.length - 1]}`);
    const u = new uPlot(
      {
        width,
        height: 170,
        scales: { x: { time: false, range: [-0.6, xs.length - 0.4] }, y: { range: () => [0, top] } },
        axes: [
          { stroke: ink, grid: { show: false }, font, splits: () => xs, values: (_u, splits) => splits.map((x) => SHORT[x] ?? "") },
          { stroke: ink, grid, font, size: 48, splits: () => yTicks(Math.max(0, ...counts)), values: (_u, splits) => splits.map((v) => formatNumber(v)) },
        ],
        series: [
          { label: "Working days", value: (_u, _x, _s, i) => legend.x(i) },
          {
            label: "Parcels",
            value: (_u, _v, _s, i) => legend.y(i),
            stroke: cssVar("--brand", "#b45309"),
            fill: "rgba(180, 83, 9, 0.55)",
            width: 1,
            paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
            points: { show: false },
          },
        ],
        cursor: { drag: { x: false, y: false } },
        legend: { show: true, live: true },
      },
      [xs, counts],
      el,
    );
    u.over.style.cursor = "pointer";
    u.over.addEventListener("click", onPick);
    const resize = new ResizeObserver(() => {
      const w = Math.max(260, el.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height: 170 });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.over.removeEventListener("click", onPick);
      u.destroy();
    };
  }, [counts, onPick]);

  return <div ref={box} className="transit-chart" role="img" aria-label={label} />;
}
