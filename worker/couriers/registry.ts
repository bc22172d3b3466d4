import type { ApiCourier } from "./answer";
import { courierKey } from "../../shared/courier-key";
import type { Courier, CourierEnv } from "./courier";
import { evri } from "./evri/courier";
import { MANUAL_FIELD_LABELS, MANUAL_FIELD_TYPES, type ManualFieldName } from "./fields";
import { royalMail } from "./royalmail/courier";

/**
 * The one courier registry: the API (GET /couriers, manual creation, imports, tracking, filters,
 * analytics) and, through GET /couriers, the UI read it. Add a courier here and it appears everywhere.
 */
const registered: Courier[] = [evri, royalMail];

/** Every courier, in the order the couriers call lists them. */
export function couriers(): readonly Courier[] {
  return registered;
}

/**
 * Adds a courier for the length of a test; the returned function removes it again. The app's own
 * couriers are the ones listed above.
 */
export function registerCourier(courier: Courier): () => void {
  if (findCourier(courier.id)) throw new Error(`courier ${courier.id} is already registered`);
  registered.push(courier);
  return () => {
    const at = registered.indexOf(courier);
    if (at >= 0) registered.splice(at, 1);
  };
}

/** The couriers whose tracking API is configured (their labels are refreshed), by id. */
export function trackedCouriers(env: CourierEnv): string[] {
  return registered.filter((c) => c.trackingClient(env)).map((c) => c.id);
}

/** The courier of a stored label (labels keep its id). */
export function courierById(id: string): Courier | undefined {
  return registered.find((c) => c.id === id);
}

/** A courier's name for one of its service codes ('TPN01' is 'Tracked 24'), null when it has none for it. */
export function serviceNameOf(courier: string, code: unknown): string | null {
  return typeof code === "string" && code.trim() ? (courierById(courier)?.serviceName?.(code) ?? null) : null;
}

/** Finds a courier ignoring case, spaces, underscores and hyphens ('Royal Mail' -> royalmail). */
export function findCourier(name: string): Courier | undefined {
  const key = courierKey(name);
  return registered.find((c) => c.id === key || courierKey(c.label) === key);
}

/** Uppercase, no spaces/dashes/dots: how tracking codes are stored and looked up. */
export function normaliseTrackingCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-.]/g, "");
}

const typed = (names: ManualFieldName[]) => Object.fromEntries(names.map((n) => [n, MANUAL_FIELD_TYPES[n]]));

/** GET /api/v1/couriers: what the screens need to know about each courier. */
export function courierList(): ApiCourier[] {
  return registered.map((c) => ({
    id: c.id,
    label: c.label,
    displayName: c.displayName,
    trackingPlaceholder: c.trackingPlaceholder,
    noEvents: c.noEvents,
    printing: c.printing,
    sendParcel: c.sendParcel,
    required: typed(c.manual.required),
    optional: typed(c.manual.optional),
    fieldLabels: Object.fromEntries([...c.manual.required, ...c.manual.optional].map((n) => [n, MANUAL_FIELD_LABELS[n]])),
  }));
}
