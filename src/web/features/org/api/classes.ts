/**
 * The organization's artist classes in the console (issue 13): the list (published or not, with sign-up counts),
 * creating and editing one (multipart, with its thumbnail), deleting one nobody signed up for, a class's sign-ups,
 * and an e-mail to its confirmed ones.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiKey, areaKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { refreshConsole } from './keys';
import { useOrgPages, useRefreshArea } from './org-lists';

/** What families read of classes (the public list, a class): a console change shows there too. */
const CLASSES_AREA = areaKey('classes');

export function useOrgClasses(orgId: number) {
  return useOrgPages('orgClasses', orgId);
}

export function useClassSignups(orgId: number, classId: number) {
  const params = { orgId, classId };
  return useQuery({
    queryKey: apiKey('orgClassSignups', { params }),
    queryFn: (context) => api('orgClassSignups', { params, signal: context.signal, silent: alreadyShown(context) }),
  });
}

export interface SaveClass {
  orgId: number;
  /** Absent: a new class. */
  classId?: number;
  body: FormData;
}

export function useSaveClass() {
  const refresh = useRefreshArea(CLASSES_AREA);
  return useMutation({
    mutationFn: ({ orgId, classId, body }: SaveClass) =>
      classId === undefined
        ? api('orgClassCreate', { params: { orgId }, body })
        : api('orgClassUpdate', { params: { orgId, classId }, body }),
    onSuccess: refresh,
  });
}

/** 409 when it has sign-ups: the caller shows the server's message (silent here, so it is not said twice). */
export function useDeleteClass() {
  const refresh = useRefreshArea(CLASSES_AREA);
  return useMutation({
    mutationFn: ({ orgId, classId }: { orgId: number; classId: number }) =>
      api('orgClassDelete', { params: { orgId, classId }, silent: true }),
    onSuccess: refresh,
  });
}

export function useClassMail(orgId: number, classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mail: { subject: string; body: string }) => api('orgClassMail', { params: { orgId, classId }, json: mail }),
    onSuccess: () => refreshConsole(client),
  });
}
