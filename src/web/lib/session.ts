import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { callApi } from "./api-client";
import { announceAuthChange, listenForAuthChanges } from "./auth-channel";

export const sessionQuery = queryOptions({ queryKey: ["session"], queryFn: () => callApi("getSession"), staleTime: 30_000 });
export const profileQuery = queryOptions({ queryKey: ["profile"], queryFn: () => callApi("getProfile"), retry: 1 });

export const useSession = () => useQuery(sessionQuery);

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQuery, enabled });
}

/** The marker the server's sign-in confirmation adds to the page it sends a person on to (decision 0013). */
export const SIGNED_IN_MARKER = "#signed-in";

/** Keeps this tab in step with sign-ins and sign-outs made in other tabs, and tells them about one made in this tab. */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Arrived from the server-written confirmation page: this tab just signed in; the others should know.
    if (window.location.hash === SIGNED_IN_MARKER) {
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
      announceAuthChange("signed-in");
    }
    return listenForAuthChanges(() => {
      queryClient.removeQueries({ queryKey: ["profile"] });
      void queryClient.invalidateQueries({ queryKey: ["session"] });
    });
  }, [queryClient]);
}

let leavingSignedOut = false;

/**
 * Whether this tab is on its way home after ending its session: the guard must not send it to /login meanwhile.
 * A guard still rendering the page being left (React may commit the new route after `navigate` has resolved and the
 * cleared session has been fetched again) sees a path that is no longer the browser's: it is leaving too.
 */
export const isLeavingSignedOut = (guardedPath: string) => leavingSignedOut || guardedPath !== window.location.pathname;

/** After the server ended the session (sign-out, account deletion): goes home, forgets every cached answer, tells the other tabs. */
export function useLeaveSignedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Leave the guarded page first. While the home page loads, a query of the page being left may already fail with
    // 401 (the profile, refetched as the landing page mounts); the guard would then send us to /login instead of home.
    leavingSignedOut = true;
    try {
      await navigate("/", { replace: true });
    } finally {
      leavingSignedOut = false;
    }
    queryClient.clear();
    announceAuthChange("signed-out");
  };
}

/** Signs out on the server, forgets every cached answer, tells the other tabs, and goes home. */
export function useSignOut() {
  const leave = useLeaveSignedOut();
  return async () => {
    await callApi("signOut").catch(() => {});
    await leave();
  };
}

/** Only paths on this site may be used as a place to return to after sign-in. */
export function safeNextPath(value: string | null | undefined): string {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : "/";
}
