import { useQuery } from "@tanstack/react-query";
import { api, apiFetch, saveBlob } from "../../api/client";
import type { ClaimPack } from "../../../worker/claims/claim-pack-model";
import { downloadName } from "./format";

// The claim pack calls, over the one API client.

export type { ClaimPack };

const path = (idOrCode: string) => `/api/v1/label/${encodeURIComponent(idOrCode)}/claim-pack`;

/** One label's claim pack (what a carrier's claim form asks), by id or tracking code. */
export const useClaimPack = (idOrCode: string) =>
  useQuery({ queryKey: ["labels", "claim-pack", idOrCode], queryFn: ({ signal }) => api<ClaimPack>(path(idOrCode), { signal }) });

/** Downloads the claim pack as a PDF built by the server (the original label appended). */
export async function downloadClaimPackPdf(pack: ClaimPack): Promise<void> {
  const res = await apiFetch(`${path(pack.labelId)}.pdf`);
  saveBlob(await res.blob(), downloadName(res.headers.get("Content-Disposition"), `claim-pack-${pack.trackingCode}`, "application/pdf"));
}
