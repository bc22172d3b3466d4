import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "./auth";
import { loginPathFor } from "./return-to";

/** Screens that need a signed-in user send signed-out visitors to /login, which returns them here after (./return-to.ts). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { accessToken } = useAuth();
  const location = useLocation();
  if (!accessToken) return <Navigate to={loginPathFor(location)} replace />;
  return <>{children}</>;
}
