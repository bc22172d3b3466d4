import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { withMeta } from "./openapi-meta";

/**
 * zValidator with the API's error shape: the first issue becomes `{ error }` with status 400,
 * prefixed by the field it is about ("email: Invalid email address").
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  const mw = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path?.length ? `${issue.path.join(".")}: ` : "";
      return c.json({ error: `${where}${issue?.message ?? "Invalid request"}` }, 400);
    }
  });
  return withMeta(mw, { kind: "validate", target, schema });
}
