import { Trans, useLingui } from '@lingui/react/macro';

import { LIMITS } from '@contract/limits';
import { FREE_STATUS, currentPlanCode, formatPrice, planPriceLabel, plansByCode } from '@web/lib/billing-format';
import { useSession } from '@web/lib/session';
import { useSubscriptionStatus } from '@web/lib/subscription';
import { Button, LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { PageShell, pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { usePlans } from '../api/get-plans';
import styles from '../components/billing.module.css';
import { ChoosePremium, type Viewer } from '../components/plan-actions';
import { FreeArt, PremiumArt } from '../components/plan-art';
import { PlanCard } from '../components/plan-card';
import { useBrand } from '@web/lib/brand';

/**
 * The rate plans (works spec §2): Free and Premium side by side, and the organization's plan by the contact form.
 * Reached from the upgrade hint at the free limit and from /account-payment-info. Checkout is the parent's alone.
 */
export default function PlansPage() {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const viewer: Viewer = useSession((s) => (s.childToken ? 'child' : s.token ? 'parent' : 'guest'));
  const plans = usePlans();
  const status = useSubscriptionStatus({ enabled: viewer === 'parent' });
  // A failed status reads as the free plan (works spec §8).
  const current = viewer === 'parent' ? currentPlanCode(status.data ?? FREE_STATUS) : null;
  const byCode = plansByCode(plans.data?.results ?? []);
  const { free, premium, organization } = byCode;
  const limit = free?.image_limit ?? LIMITS.freePlanImageLimit;
  const premiumPrice = premium ? planPriceLabel(i18n, premium) : '';
  const orgPrice = organization ? planPriceLabel(i18n, organization) : '';
  const yours = t`Your plan`;

  return (
    <PageShell
      title={t({ message: `Plans`, context: 'heading' })}
      eyebrow={brand}
      lead={t`Every family's museum starts free. Premium makes room for every drawing your children make.`}
      width="medium"
    >
      {!plans.data ? (
        plans.isError ? (
          <EmptyState action={<Button onClick={() => void plans.refetch()}>{t`Try again`}</Button>}>
            <p>
              <Trans>The plans could not be loaded.</Trans>
            </p>
          </EmptyState>
        ) : (
          <div className={styles.plans} role="status">
            <span className="visually-hidden">{t`Loading the plans…`}</span>
            <SkeletonBlock height={300} />
            <SkeletonBlock height={340} />
          </div>
        )
      ) : (
        <>
          <ul className={styles.plans}>
            <PlanCard
              art={<FreeArt className={styles.planIcon} />}
              name={t`Free`}
              audience={t`To begin with`}
              price={formatPrice(0, free?.currency ?? 'jpy', i18n.locale)}
              features={[
                t`Up to ${limit} images in total for the family`,
                t`Galleries, contests and artist classes`,
                t`Share works within the family`,
              ]}
              currentLabel={current === 'free' ? yours : undefined}
            />
            {premium && (
              <PlanCard
                art={<PremiumArt className={styles.planIcon} />}
                name={t`Premium`}
                audience={t`For families who draw a lot`}
                price={premiumPrice}
                ribbon={t`Unlimited`}
                premium
                features={[t`Unlimited images`, t`Everything in Free`, t`Cancel any time; it stays until the paid month ends`]}
                currentLabel={current === 'premium' ? yours : undefined}
              >
                <ChoosePremium plan={premium} viewer={viewer} current={current === 'premium'} />
              </PlanCard>
            )}
          </ul>

          <section className={pageStyles.card} aria-labelledby="plans-compare">
            <h2 id="plans-compare" className={styles.sectionTitle}>
              <Trans context="heading">Compare the plans</Trans>
            </h2>
            <table className={styles.compare}>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t`Free`}</th>
                  <th scope="col" className={styles.premiumCol}>
                    {t`Premium`}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t`Price`}</th>
                  <td>{formatPrice(0, free?.currency ?? 'jpy', i18n.locale)}</td>
                  <td className={styles.premiumCol}>{premiumPrice}</td>
                </tr>
                <tr>
                  <th scope="row">{t`Images`}</th>
                  <td>{t`${limit} in total`}</td>
                  <td className={styles.premiumCol}>{t`Unlimited`}</td>
                </tr>
                <tr>
                  <th scope="row">{t`Galleries and sharing`}</th>
                  <td aria-label={t`Included`}>✓</td>
                  <td className={styles.premiumCol} aria-label={t`Included`}>
                    ✓
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t`Contests and classes`}</th>
                  <td aria-label={t`Included`}>✓</td>
                  <td className={styles.premiumCol} aria-label={t`Included`}>
                    ✓
                  </td>
                </tr>
              </tbody>
            </table>

            <div className={styles.org}>
              <h3 className={styles.orgTitle}>
                <Trans context="heading">For classrooms and companies</Trans>
              </h3>
              <p className={styles.orgText}>
                {organization ? (
                  <Trans>The organization plan ({orgPrice}) is arranged with us directly. Contact us and we will set it up.</Trans>
                ) : (
                  <Trans>The organization plan is arranged with us directly. Contact us and we will set it up.</Trans>
                )}
              </p>
              <LinkButton href="/contact-us" variant="secondary">
                <Trans>Contact us</Trans>
              </LinkButton>
            </div>
            <p className={styles.smallPrint}>
              <Trans>
                Prices include tax and fees. Payment is by credit card and renews each month until you cancel; there are no refunds after
                payment.
              </Trans>
            </p>
          </section>
        </>
      )}
    </PageShell>
  );
}
