/** Which part of the console is shown, read from the address (`/org?org=3&tab=contests`), so Back works. */
import type { ConsoleHome, ConsoleOrganization } from '@contract/console';

export const ORG_TABS = ['members', 'contests', 'classes', 'mail'] as const;
export const ADMIN_TABS = ['organizations', 'banners', 'mail'] as const;
export type OrgTab = (typeof ORG_TABS)[number];
export type AdminTab = (typeof ADMIN_TABS)[number];

export type ConsoleScope = { kind: 'org'; org: ConsoleOrganization; tab: OrgTab } | { kind: 'admin'; tab: AdminTab };

/** The scope the address names, else the first organization, else the super admin's; null for neither. */
export function scopeOf(home: ConsoleHome, org: string | null, tab: string | null): ConsoleScope | null {
  const chosen = home.organizations.find((o) => String(o.id) === org);
  const admin = home.is_super_admin && (org === 'admin' || (!chosen && !home.organizations.length));
  if (admin) return { kind: 'admin', tab: (ADMIN_TABS as readonly string[]).includes(tab ?? '') ? (tab as AdminTab) : 'organizations' };
  const shown = chosen ?? home.organizations[0];
  if (!shown) return null;
  return { kind: 'org', org: shown, tab: (ORG_TABS as readonly string[]).includes(tab ?? '') ? (tab as OrgTab) : 'members' };
}

/** The address of one place in the console. */
export function consoleHref(org: number | 'admin', tab?: string, extra: Record<string, string | number> = {}): string {
  const search = new URLSearchParams({ org: String(org), ...(tab ? { tab } : {}) });
  for (const [key, value] of Object.entries(extra)) search.set(key, String(value));
  return `/org?${search.toString()}`;
}
