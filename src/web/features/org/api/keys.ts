/** The console's two areas (the endpoint table's tags): a mutation refreshes its whole area. */
import type { QueryClient } from '@tanstack/react-query';

import { areaKey } from '@web/lib/http';

export const CONSOLE_AREA = areaKey('console');
export const ADMIN_AREA = areaKey('admin');
/** What families read of contests (the public list, details): a console change shows there too. */
export const CONTESTS_AREA = areaKey('contests');

export function refreshConsole(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: CONSOLE_AREA });
}

/** A super admin's change may touch the organizations the caller also runs as staff. */
export function refreshAdmin(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ADMIN_AREA });
  void client.invalidateQueries({ queryKey: CONSOLE_AREA });
}
