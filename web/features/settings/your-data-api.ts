import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { ApiDataExport } from "../../../worker/privacy/export-model";
import type { RetentionAnswer } from "../../../worker/privacy/retention-model";

// The 'Your data' cards' calls (Download my data, how long addresses are kept), through the one API client.

export type { ApiDataExport, RetentionAnswer };

const EXPORT_KEY = ["user", "export"] as const;
const RETENTION_KEY = ["user", "retention"] as const;

/** The user's copy of their data; polled every few seconds while it is being built. */
export const useDataExport = () =>
  useQuery({
    queryKey: EXPORT_KEY,
    queryFn: ({ signal }) => api<{ export: ApiDataExport | null }>("/api/v1/user/export", { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === "building" ? 3_000 : false),
  });

export function useDataExportActions() {
  const client = useQueryClient();
  return {
    async request() {
      const answer = await api<{ export: ApiDataExport }>("/api/v1/user/export", { method: "POST" });
      client.setQueryData(EXPORT_KEY, answer);
    },
    async remove() {
      await api("/api/v1/user/export", { method: "DELETE" });
      client.setQueryData(EXPORT_KEY, { export: null });
    },
  };
}

export const useRetention = () => useQuery({ queryKey: RETENTION_KEY, queryFn: ({ signal }) => api<RetentionAnswer>("/api/v1/user/retention", { signal }) });

export function useSaveRetention() {
  const client = useQueryClient();
  return async (addressRetentionDays: number | null) => {
    const answer = await api<RetentionAnswer>("/api/v1/user/retention", { method: "PUT", body: { addressRetentionDays } });
    client.setQueryData(RETENTION_KEY, answer);
  };
}
