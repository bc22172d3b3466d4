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
  delivery: "Delivery performance",
  deliveryNote: "In UK working days (Monday to Friday, bank holidays excluded), for labels whose tracking has come in.",
  onTime: "On time",
  onTimeNote: (onTime: string, delivered: string) => `${onTime} of ${delivered} delivered by the service's expected day`,
  firstScan: "Days to first scan",
  firstScanNote: (scanned: string) => `median, from the shipping day; ${scanned} scanned`,
  transit: "Days in transit",
  transitNote: "median, first scan to delivery",
  lostClaimed: "Lost / claimed",
  lostClaimedNote: (lost: string, claimed: string) => `${lost} potentially lost, ${claimed} claimed`,
  openLabels: "Open labels",
  noDeliveries: "No delivered parcels in this view yet.",
  failedDelivery: "Failed to load delivery performance",
  transitTitle: "Transit time by courier",
  transitTip: "click a bar to open that courier's labels",
  transitDays: "Working days in transit",
  service: "Service",
  unknownService: "Service not known",
  delivered: "Delivered",
  median: "Median",
  allServices: "All services",
  downloadCsv: "Download CSV",
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

/** The transit buckets' headings: 0 to 4 working days, then 5 or more. */
export const DAY_BUCKETS = ["0 days", "1 day", "2 days", "3 days", "4 days", "5+ days"] as const;
