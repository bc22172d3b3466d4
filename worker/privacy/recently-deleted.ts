import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { deletedLabels, labelFiles } from "../db/schema";
import { RESTORE_DAYS } from "../labels/trash";
import type { ApiDeletedLabel, ApiDeletedList } from "./model";

/** Recently deleted, as its screen and GET /labels/deleted show it: newest deletion first, a page at a time. */

const parse = <T>(text: string | null, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

const iso = (ms: number) => new Date(ms).toISOString();

export async function listDeletedLabels(db: Db, userId: number, page: number, perPage: number): Promise<ApiDeletedList> {
  const [rows, [count]] = await db.batch([
    db
      .select({
        id: deletedLabels.labelId,
        trackingCode: deletedLabels.trackingCode,
        courier: deletedLabels.courier,
        deletedAt: deletedLabels.deletedAt,
        purgeAt: deletedLabels.purgeAt,
        details: sql<string | null>`json_extract(${deletedLabels.labelJson}, '$.details_json')`,
        tags: sql<string | null>`json_extract(${deletedLabels.labelJson}, '$.tags_json')`,
        fileName: sql<string | null>`(select ${labelFiles.name} from ${labelFiles} where ${labelFiles.id} = ${deletedLabels.fileId})`,
      })
      .from(deletedLabels)
      .where(eq(deletedLabels.userId, userId))
      .orderBy(desc(deletedLabels.deletedAt), desc(deletedLabels.labelId))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)` }).from(deletedLabels).where(eq(deletedLabels.userId, userId)),
  ]);
  const results = rows.map((r): ApiDeletedLabel => {
    const address = parse<{ address?: { name?: unknown; postcode?: unknown } }>(r.details, {}).address;
    return {
      id: r.id,
      trackingCode: r.trackingCode,
      courier: r.courier,
      recipient: {
        name: typeof address?.name === "string" && address.name ? address.name : null,
        postcode: typeof address?.postcode === "string" && address.postcode ? address.postcode : null,
      },
      tags: parse<unknown[]>(r.tags, []).filter((t): t is string => typeof t === "string"),
      fileName: r.fileName,
      deletedAt: iso(r.deletedAt),
      restorableUntil: iso(r.purgeAt),
    };
  });
  return { results, total: Number(count?.n ?? 0), restoreDays: RESTORE_DAYS };
}
