import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";

/**
 * zValidator with the API's error shape: the first issue becomes `{ error }` with status 400,
 * prefixed by the field it is about ("email: Invalid email address").
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path?.length ? `${issue.path.join(".")}: ` : "";
      return c.json({ error: `${where}${issue?.message ?? "Invalid request"}` }, 400);
    }
  });
}
