/** The landing page's sponsor banners, as the super admin manages them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { refreshAdmin } from './keys';

export function useAdminBanners() {
  return useQuery({
    queryKey: apiKey('adminBanners'),
    queryFn: (context) => api('adminBanners', { signal: context.signal, silent: alreadyShown(context) }),
  });
}

function useRefreshBanners() {
  const client = useQueryClient();
  return () => {
    refreshAdmin(client);
    // The landing page's own list of banners.
    void client.invalidateQueries({ queryKey: apiKey('advertisements') });
  };
}

export function useSaveBanner() {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id === undefined ? api('adminBannerCreate', { body }) : api('adminBannerUpdate', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteBanner() {
  const refresh = useRefreshBanners();
  return useMutation({
    mutationFn: (id: number) => api('adminBannerDelete', { params: { id } }),
    onSuccess: refresh,
  });
}
