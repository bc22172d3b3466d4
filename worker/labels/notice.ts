import { courierById } from "../couriers/registry";
import type { LabelRow } from "../db/schema";
import type { LabelDetails } from "./model";

/**
 * What every notice mail about a label says of it: the courier as people name it, the recipient
 * ('Jane Doe, M1 1AE', empty when unknown) and the link to the label's page.
 */
export function labelNoticeFacts(env: Pick<Env, "APP_URL">, label: Pick<LabelRow, "id" | "courier" | "detailsJson">) {
  const known = courierById(label.courier);
  let details: Partial<LabelDetails> = {};
  try {
    details = JSON.parse(label.detailsJson) as Partial<LabelDetails>;
  } catch {
    /* details are optional here */
  }
  return {
    known,
    courier: known?.displayName ?? label.courier,
    to: details.address ? [details.address.name, details.address.postcode].filter(Boolean).join(", ") : "",
    url: `${env.APP_URL.replace(/\/+$/, "")}/label/${encodeURIComponent(label.id)}`,
  };
}
