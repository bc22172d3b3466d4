import { blankLabel } from "../../web/features/labels/blank-label";
import type { ApiCourier, ApiLabel } from "../../web/features/labels/types";

/**
 * A label as the API answers it, for the web tests: an Evri label waiting for its first scan with nothing else
 * set (no file, tracking, deadlines, buyer or branding); `over` replaces any part. Its one data entry carries the
 * tracking code unless `over.data` is given.
 */
export function apiLabel(over: Partial<ApiLabel> = {}): ApiLabel {
  const trackingCode = over.trackingCode ?? "H01AB00000000011";
  return {
    ...blankLabel(trackingCode, "evri"),
    id: "lbl_1",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-02T15:30:00.000Z",
    ...over,
  };
}

/** A courier as GET /couriers answers it, with nothing optional set. */
export const apiCourier = (id: string, displayName: string): ApiCourier => ({
  id,
  label: id,
  displayName,
  trackingPlaceholder: "",
  noEvents: { card: "No updates available.", detail: "No updates available." },
  printing: { supported: true },
  sendParcel: null,
  required: {},
  optional: {},
  fieldLabels: {},
});

/** The couriers the app has (a list screen leaves out a courier in its address that they do not name). */
export const API_COURIERS = [apiCourier("evri", "Evri"), apiCourier("royalmail", "Royal Mail")];
