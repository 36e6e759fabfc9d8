import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemoryCategory } from "../../../contract/memory-options";
import type { BodyOf } from "../../../contract/routes";
import { ApiError, callApi } from "../../lib/api-client";
import { nextOffset } from "../../lib/pages";

const contactsKey = ["legacy", "contacts"] as const;

// "Not released yet" and "no memorial here" are answers, not failures to retry.
const retryServerErrors = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2;

/** The owner's legacy contacts in order, with the executor recommendation. */
export const legacyContactsQuery = queryOptions({ queryKey: contactsKey, queryFn: () => callApi("listLegacyContacts") });

/** The released memories of the person who named the signed-in contact through `contactId`, a page at a time. */
export const releasedMemoriesQuery = (contactId: string, category: MemoryCategory | undefined, decade?: number) =>
  infiniteQueryOptions({
    queryKey: ["legacy", "released", contactId, category ?? "all", decade ?? "any"],
    queryFn: ({ pageParam }) => callApi("listReleasedMemories", undefined, { params: { id: contactId }, query: { category, decade, offset: pageParam, limit: RELEASED_PAGE } }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    retry: retryServerErrors,
  });
const RELEASED_PAGE = 20;

/** A public memorial: whose it is, the twin's introduction, whether it answers (404 when there is none to visit). */
export const memorialQuery = (slug: string) =>
  queryOptions({
    queryKey: ["memorial", slug],
    queryFn: () => callApi("getMemorial", undefined, { params: { slug } }),
    retry: retryServerErrors,
  });

/** A memorial's public memories, a page at a time (the same pages as a contact's). */
export const memorialMemoriesQuery = (slug: string, category: MemoryCategory | undefined, decade?: number) =>
  infiniteQueryOptions({
    queryKey: ["memorial", slug, "memories", category ?? "all", decade ?? "any"],
    queryFn: ({ pageParam }) => callApi("listMemorialMemories", undefined, { params: { slug }, query: { category, decade, offset: pageParam, limit: RELEASED_PAGE } }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    retry: retryServerErrors,
  });

/** The released twin as this contact meets it: introduction, availability, and their own conversation. */
export const visitorTwinQuery = (contactId: string) =>
  queryOptions({
    queryKey: ["legacy", "twin", contactId],
    queryFn: () => callApi("getVisitorTwin", undefined, { params: { id: contactId } }),
    retry: retryServerErrors,
  });

/** Who named the signed-in person as a contact (their home at /legacy). */
export const namedByQuery = queryOptions({ queryKey: ["legacy", "named-me"], queryFn: () => callApi("listNamedBy") });

function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactsKey });
}

export function useAddContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: (body: BodyOf<"addLegacyContact">) => callApi("addLegacyContact", body), onSuccess: refresh });
}

export function useUpdateContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: ({ id, patch }: { id: string; patch: BodyOf<"updateLegacyContact"> }) => callApi("updateLegacyContact", patch, { params: { id } }), onSuccess: refresh });
}

export function useResendInvitation() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: (id: string) => callApi("resendLegacyInvitation", undefined, { params: { id } }), onSuccess: refresh });
}

export function useRemoveContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: (id: string) => callApi("removeLegacyContact", undefined, { params: { id } }), onSuccess: () => void refresh() });
}

export function useOrderContacts() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: (ids: string[]) => callApi("orderLegacyContacts", { ids }), onSuccess: refresh });
}

/** Who sent an invitation (their first name, or none) and the role, read with the link's token before sign-in. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({ queryKey: ["legacy", "invitation", token], queryFn: () => callApi("previewLegacyInvitation", { token }), retry: false, staleTime: Infinity });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (token: string) => callApi("acceptLegacyInvitation", { token }), onSuccess: () => queryClient.invalidateQueries({ queryKey: ["legacy"] }) });
}

const releaseKey = ["legacy", "release"] as const;

/** Where the owner's legacy stands: state, triggers, a pending release and the audit log. */
export const releaseQuery = queryOptions({ queryKey: releaseKey, queryFn: () => callApi("getRelease") });

export function useSaveReleaseSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: BodyOf<"saveReleaseSettings">) => callApi("saveReleaseSettings", body), onSuccess: (data) => queryClient.setQueryData(releaseKey, data) });
}

export function useCancelRelease() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => callApi("cancelRelease"), onSuccess: (data) => queryClient.setQueryData(releaseKey, data) });
}

/** A contact's two actions on a legacy that named them; both answer the refreshed list. */
export function useReportDeath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, note, diedOn }: { contactId: string; note: string; diedOn: string | null }) => callApi("reportDeath", { note, diedOn }, { params: { id: contactId } }),
    onSuccess: (data) => queryClient.setQueryData(namedByQuery.queryKey, data),
  });
}

export function useConfirmRelease() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (contactId: string) => callApi("confirmRelease", undefined, { params: { id: contactId } }), onSuccess: (data) => queryClient.setQueryData(namedByQuery.queryKey, data) });
}

function useRefreshNamedBy() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["legacy"] });
}

/** The executor's controls over a released twin; each answers the refreshed "people who named you". */
export function useTwinControl() {
  const refresh = useRefreshNamedBy();
  return useMutation({
    mutationFn: ({ contactId, action, message }: { contactId: string; action: "pause" | "resume" | "retire"; message?: string }) =>
      action === "pause"
        ? callApi("pauseLegacyTwin", { message: message ?? "" }, { params: { id: contactId } })
        : action === "resume"
          ? callApi("resumeLegacyTwin", undefined, { params: { id: contactId } })
          : callApi("retireLegacyTwin", { confirm: true }, { params: { id: contactId } }),
    onSuccess: () => void refresh(),
  });
}

/** An executor narrows who may hear the owner's voice. */
export function useNarrowVoice() {
  const refresh = useRefreshNamedBy();
  return useMutation({
    mutationFn: ({ contactId, scope }: { contactId: string; scope: "only-me" | "contacts-after-release" }) => callApi("narrowLegacyVoiceScope", { scope }, { params: { id: contactId } }),
    onSuccess: () => void refresh(),
  });
}
