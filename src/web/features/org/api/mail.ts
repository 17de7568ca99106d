/**
 * Bulk e-mail from the console: an organization's staff write to its members' parents or its staff, a super admin
 * to every user. The answers give counts only, never addresses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { StaffAudience } from '@contract/console';
import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { ADMIN_AREA, CONSOLE_AREA } from './keys';

/** Who writes: staff of one organization, or the super admin to all users. */
export type MailScope = { kind: 'org'; orgId: number } | { kind: 'admin' };

export interface MailDraft {
  audience: StaffAudience;
  subject: string;
  body: string;
}

export function useMailLog(scope: MailScope) {
  const params = scope.kind === 'org' ? { orgId: scope.orgId } : undefined;
  return useQuery({
    queryKey: scope.kind === 'org' ? apiKey('orgMailLog', { params }) : apiKey('adminMailLog'),
    queryFn: (context) => {
      const common = { signal: context.signal, silent: alreadyShown(context) };
      return scope.kind === 'org' ? api('orgMailLog', { params: { orgId: scope.orgId }, ...common }) : api('adminMailLog', common);
    },
    // An e-mail goes out in batches after the answer: follow it until it has finished.
    refetchInterval: (query) => (query.state.data?.results.some((e) => e.finished_at === null) ? 3000 : false),
  });
}

/** How many people the e-mail would reach, and the e-mail as it will arrive (sender, subject, body and footer). */
export function useMailPreview(scope: MailScope) {
  return useMutation({
    mutationFn: ({ audience, subject, body }: MailDraft) =>
      scope.kind === 'org'
        ? api('orgMailPreview', { params: { orgId: scope.orgId }, json: { audience, subject, body } })
        : api('adminMailPreview', { json: { subject, body } }),
  });
}

export function useMailSend(scope: MailScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ audience, subject, body }: MailDraft) =>
      scope.kind === 'org'
        ? api('orgMailSend', { params: { orgId: scope.orgId }, json: { audience, subject, body } })
        : api('adminMailSend', { json: { subject, body } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: scope.kind === 'org' ? CONSOLE_AREA : ADMIN_AREA }),
  });
}
