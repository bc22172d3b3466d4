/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and query strings) with nested keys,
 * `metadata[user_id]=7`, `line_items[0][price]=price_…`, `expand[]=subscription`, decoded into the object a Stripe
 * endpoint reads. Digits and empty brackets make arrays; anything else makes an object.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const m of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(m[1]);
  return path;
}

function setAt(target: Form | FormValue[], path: string[], value: string) {
  let node: Form | FormValue[] = target;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    const nextIsArray = !last && (path[i + 1] === "" || /^\d+$/.test(path[i + 1]));
    const container = node as unknown as Record<string | number, FormValue>;
    const key = Array.isArray(node) && seg === "" ? node.length : seg;
    if (last) {
      container[key] = value;
      continue;
    }
    if (typeof container[key] !== "object") container[key] = nextIsArray ? [] : {};
    node = container[key] as Form | FormValue[];
  }
}

/** A request's body as text, whatever its Content-Type says (workerd warns when .text() reads a form). */
export { bodyText } from "../standin-http.ts";

export function decodeForm(params: URLSearchParams): Form {
  const form: Form = {};
  for (const [key, value] of params) setAt(form, keyPath(key), value);
  return form;
}

/** A form field read as one kind of value, or undefined when absent. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === "string" ? v : undefined);
export const obj = (v: FormValue | undefined): Form | undefined => (v && typeof v === "object" && !Array.isArray(v) ? v : undefined);
export const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v.filter((x) => x !== undefined) : v && typeof v === "object" ? Object.values(v) : []);
/** Metadata is a flat map of strings; Stripe keeps an empty string as 'unset'. */
export function metadataOf(v: FormValue | undefined, previous: Record<string, string> = {}): Record<string, string> {
  const out = { ...previous };
  for (const [k, val] of Object.entries(obj(v) ?? {})) {
    if (typeof val !== "string") continue;
    if (val === "") delete out[k];
    else out[k] = val;
  }
  return out;
}
