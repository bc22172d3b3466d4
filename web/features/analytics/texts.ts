/** The analytics screen's texts, in one place. */
export const T = {
  title: "Analytics",
  subtitle: "Parcel totals, weights, next-day share and lost parcels, by the day they shipped.",
  filters: "Filters",
  from: "From",
  to: "To",
  courier: "Courier",
  lost: "Potentially lost",
  nextDay: "Next-day (Evri)",
  tags: "Tags",
  tagsHint: "Comma-separated; a label matches when it has any of them.",
  reset: "Last 30 days",
  totalParcels: "Total parcels",
  averageWeight: "Average weight",
  nextDayShare: "Next-day share",
  lostShare: "Potentially lost",
  chartTitle: "Daily shipments",
  chartTip: "click a point to open all labels for that day",
  showTable: "Show as table",
  hideTable: "Hide table",
  day: "Day",
  labels: "Labels",
  open: "Open",
  noData: "No data",
  loading: "Loading…",
  failedSummary: "Failed to load summary",
  failedSeries: "Failed to load time series",
} as const;

/** The courier filter's first choice; the couriers themselves come from the couriers call. */
export const ALL_COURIERS = { value: "", label: "All" };
export const LOST_OPTIONS = [
  { value: "", label: "Any" },
  { value: "1", label: "Yes" },
  { value: "0", label: "No" },
];
export const NEXT_DAY_OPTIONS = [
  { value: "", label: "Any" },
  { value: "1", label: "Next-day" },
  { value: "0", label: "Standard" },
];
