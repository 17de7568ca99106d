import { useMutation } from '@tanstack/react-query';

import type { InquiryFields } from '@contract/site';
import { api } from '@web/lib/http';

/**
 * POST /api/inquiry/ as form data (works spec §7). Silent: the form shows a field's error beside the field, and
 * any other failure once, itself.
 */
export function useSendInquiry() {
  return useMutation({
    mutationFn: (fields: InquiryFields) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return api('inquiry', { body, silent: true });
    },
  });
}
