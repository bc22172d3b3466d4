import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "./auth";

/** Screens that need a signed-in user send signed-out visitors to /login (and back after). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { accessToken } = useAuth();
  const location = useLocation();
  if (!accessToken) return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return <>{children}</>;
}
