import { formatNumber } from "../../components/numbers";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { AnalyticsTimeseries } from "./api";
import { dailyLegend, shortDay, xTickIndexes, yStep, yTicks } from "./chart-scales";

// Loaded lazily by AnalyticsPage: uPlot and its CSS only download when a chart is shown.

const DAY_S = 86_400;
const heightFor = (width: number) => (width < 520 ? 220 : 300);
const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** The daily line chart. A click anywhere on the plot picks the nearest day. */
export default function DailyChart({
  points,
  label,
  onPick,
}: {
  points: AnalyticsTimeseries["points"];
  label: string;
  onPick: (day: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const days = points.map((p) => p.ts);
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const ys = points.map((p) => p.value);
    const top = 4 * yStep(Math.max(0, ...ys));
    const dayAt = (x: number) => new Date(x * 1000).toISOString().slice(0, 10);
    const ink = cssVar("--muted", "#6b7280");
    const grid = { stroke: cssVar("--line", "#e5e7eb"), width: 1 };
    const font = "11px system-ui, sans-serif";
    const width = Math.max(280, el.clientWidth);
    const legend = dailyLegend(points);

    const u = new uPlot(
      {
        width,
        height: heightFor(width),
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        scales: {
          x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY_S / 2, max + DAY_S / 2] : [min, max]) },
          y: { range: () => [0, top] },
        },
        axes: [
          {
            stroke: ink,
            grid,
            font,
            splits: () => xTickIndexes(xs.length).map((i) => xs[i]),
            values: (_u, splits) => splits.map((x) => shortDay(dayAt(x))),
          },
          {
            stroke: ink,
            grid,
            font,
            size: 48,
            splits: () => yTicks(Math.max(0, ...ys)),
            values: (_u, splits) => splits.map((v) => formatNumber(v)),
          },
        ],
        series: [
          { label: "Day", value: (_u, _x, _s, i) => legend.x(i) },
          {
            label: "Labels",
            value: (_u, _v, _s, i) => legend.y(i),
            stroke: cssVar("--brand", "#b45309"),
            width: 2,
            fill: "rgba(180, 83, 9, 0.08)",
            points: { show: xs.length <= 62, size: 6 },
          },
        ],
        cursor: { points: { size: 10 }, drag: { x: false, y: false } },
        legend: { show: true, live: true },
      },
      [xs, ys],
      el,
    );
    u.over.style.cursor = "pointer";
    const pick = () => {
      const i = u.cursor.idx;
      if (i != null && days[i]) onPick(days[i]);
    };
    u.over.addEventListener("click", pick);
    const resize = new ResizeObserver(() => {
      const w = Math.max(280, el.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height: heightFor(w) });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.over.removeEventListener("click", pick);
      u.destroy();
    };
  }, [points, onPick]);

  return <div ref={box} className="analytics-chart" role="img" aria-label={label} />;
}
