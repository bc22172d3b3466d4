import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

// The label import address card's calls, through the one API client.

interface ImportAddress {
  address: string;
}

const IMPORT_ADDRESS_QUERY_KEY = ["user", "import-address"] as const;

export const useImportAddress = () =>
  useQuery({
    queryKey: IMPORT_ADDRESS_QUERY_KEY,
    queryFn: ({ signal }) => api<ImportAddress>("/api/v1/user/import-address", { signal }),
  });

/** Replaces the address (the old one is refused from then on) and shows the new one. */
export function useRegenerateImportAddress() {
  const client = useQueryClient();
  return async () => {
    const fresh = await api<ImportAddress>("/api/v1/user/import-address/regenerate", { method: "POST", body: {} });
    client.setQueryData(IMPORT_ADDRESS_QUERY_KEY, fresh);
    return fresh;
  };
}
