import { Navigate, useLocation } from "react-router";

/** Old links (/voice-training, /memory) lead to the matching dashboard section. */
export default function LegacyRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={pathname === "/memory" ? "/dashboard/memories" : "/dashboard/voice"} replace />;
}
