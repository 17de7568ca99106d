import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearchParams } from 'wouter';

import '@web/lib/console-routes';
import { Button, LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { SelectField } from '@web/ui/field';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useConsoleHome } from '../api/console-home';
import { AdminOrganizations } from '../components/admin-organizations';
import { BannersTab } from '../components/banners-tab';
import { ClassesTab } from '../components/classes-tab';
import { consoleHref, scopeOf } from '../components/console-scope';
import { ConsoleTabs } from '../components/console-tabs';
import { ContestsTab } from '../components/contests-tab';
import { MailTab } from '../components/mail-tab';
import { MembersTab } from '../components/members-tab';
import styles from '../components/org.module.css';

/** The organization console (issue 12): staff run their organizations; a super admin also runs the site. */
export default function OrgPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const home = useConsoleHome();

  if (!home.data && home.isError) {
    return (
      <PageShell title={t({ message: `Organization`, context: 'heading' })} width="medium">
        <EmptyState action={<Button onClick={() => void home.refetch()}>{t`Try again`}</Button>}>
          <p>
            <Trans>The console could not be loaded.</Trans>
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  if (!home.data) {
    return (
      <PageShell title={t({ message: `Organization`, context: 'heading' })} width="medium">
        <div className={styles.skeletonList} role="status" aria-live="polite">
          <span className="visually-hidden">{t`Loading the console…`}</span>
          <SkeletonBlock height={48} />
          <SkeletonBlock height={44} width="70%" />
          <SkeletonBlock height={220} />
        </div>
      </PageShell>
    );
  }

  const scope = scopeOf(home.data, params.get('org'), params.get('tab'));
  if (!scope) {
    return (
      <PageShell title={t({ message: `Organization`, context: 'heading' })} width="medium">
        <EmptyState action={<LinkButton href="/">{t`Back to the museum`}</LinkButton>}>
          <p>
            <Trans>This page is for the staff of an organization. Ask the museum to add you as staff.</Trans>
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  const choices = home.data.organizations.length + (home.data.is_super_admin ? 1 : 0);
  const current = scope.kind === 'org' ? String(scope.org.id) : 'admin';
  const title = scope.kind === 'org' ? scope.org.name : t({ message: `Site administration`, context: 'heading' });
  return (
    <PageShell title={title} eyebrow={t`Organization console`} width="medium">
      {choices > 1 && (
        <div className={styles.scope}>
          <SelectField
            label={t`Working on`}
            value={current}
            onChange={(e) => navigate(consoleHref(e.target.value === 'admin' ? 'admin' : Number(e.target.value)))}
          >
            {home.data.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
            {home.data.is_super_admin && <option value="admin">{t`Site administration`}</option>}
          </SelectField>
        </div>
      )}
      <ConsoleTabs scope={scope} />
      {scope.kind === 'org' ? (
        scope.tab === 'members' ? (
          <MembersTab key={scope.org.id} org={scope.org} />
        ) : scope.tab === 'contests' ? (
          <ContestsTab key={scope.org.id} org={scope.org} contest={params.get('contest')} view={params.get('view')} />
        ) : scope.tab === 'classes' ? (
          <ClassesTab key={scope.org.id} org={scope.org} klass={params.get('class')} view={params.get('view')} />
        ) : (
          <MailTab key={scope.org.id} scope={{ kind: 'org', orgId: scope.org.id }} />
        )
      ) : scope.tab === 'organizations' ? (
        <AdminOrganizations />
      ) : scope.tab === 'banners' ? (
        <BannersTab />
      ) : (
        <MailTab scope={{ kind: 'admin' }} />
      )}
    </PageShell>
  );
}
