/**
 * Entering a contest (works spec §4, issue 12): an existing work of the child's (the gallery picker), or a new one
 * uploaded first (create the work, then enter it with the id that came back). Entries are never queued: both
 * need the server now. Errors are shown in the modal (the server's translated 403, 409 and 422), so no toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, areaKey } from '@web/lib/http';
import type { QueueFields } from '@web/lib/queue';
import { queryKeys } from '@web/lib/query-keys';
import { workFormBody } from '@web/lib/work-form-body';

export function useSubmitEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contestId, workId }: { contestId: number; workId: number }) =>
      api('contestSubmit', { json: { contest_id: contestId, work_id: workId, consent: true }, silent: true }),
    // Every contest answer may have changed: the entry history, my contests, the entry count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey('contests') }),
  });
}

/** A new work from the contest's upload form, its images already compressed on the device. */
export function useCreateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, images }: { fields: QueueFields; images: File[] }) =>
      api('workCreate', { body: workFormBody(fields, images), silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.works });
    },
  });
}
