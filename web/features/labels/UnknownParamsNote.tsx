import { useEffect, useState } from "react";
import { courierKey } from "../../../shared/courier-key";
import { useCouriers } from "./labelsApi";
import type { ListParams } from "./useListParams";

/** How the note names each value's kind. */
const KINDS: Record<string, string> = {
  status: "status",
  courier: "courier",
  sort: "order",
  per_page: "page size",
  lost: "potentially lost filter",
  next_day: "next-day filter",
};

/**
 * '/labels?status=lost' (no such status) used to show every label with the URL still saying status=lost: the screen
 * pretended nothing, and a user could not tell the filter was dropped. What search and list pages do with a value they
 * do not know (GitHub's and Gmail's lists, say) is to show the list without it, with the controls as they are, and say
 * so: here the unknown values (a status, order, page size or flag the list has not, or a courier the couriers call does
 * not name) leave the address (replaced, so Back does not bring them again), the controls show what is in force, and a
 * note says what was left out until the view next changes. The API answers a clear 400 for such a value (zod,
 * worker/labels/filters.ts) and is never asked with one: a courier it does not know would only match no label.
 */
export function UnknownParamsNote({ list }: { list: ListParams }) {
  const couriersCall = useCouriers();
  const couriers = couriersCall.data;
  const courier = list.filters.courier;
  // With a courier in the address, the couriers call's answer first, so that one note names all that was left out.
  const waiting = courier !== undefined && couriersCall.isPending;
  const unknownCourier =
    courier !== undefined &&
    couriers !== undefined &&
    courierKey(courier) !== "all" &&
    !couriers.some((c) => courierKey(c.id) === courierKey(courier) || courierKey(c.displayName) === courierKey(courier));
  const unknown: Array<[string, string]> = unknownCourier ? [...list.unknown, ["courier", courier]] : list.unknown;
  const key = waiting ? "" : JSON.stringify(unknown);
  // What was left out, and the address it was left out of: the note shows while the address is that one.
  const [left, setLeft] = useState<{ values: Array<[string, string]>; search: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each set of unknown values in the address
  useEffect(() => {
    if (waiting || unknown.length === 0) return;
    const search = list.update({ ...Object.fromEntries(unknown.map(([k]) => [k, ""])), page: String(list.page) }, { replace: true });
    // Should the couriers call have failed, a courier unknown to it is found on a later answer: the note adds it.
    setLeft((was) => ({ values: was && was.search === list.search ? [...was.values, ...unknown] : unknown, search }));
  }, [key]);
  if (!left || left.search !== list.search) return null;
  const named = left.values.map(([k, v]) => `${KINDS[k] ?? k} “${v}”`).join(", ");
  return (
    <p className="alert alert-warning unknown-params" role="status">
      Left out, as this list has no such {left.values.length === 1 ? "choice" : "choices"}: {named}.
    </p>
  );
}
