import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { useSession } from '@web/lib/session';
import { LinkButton } from '@web/ui/button';
import { Loading, PageShell } from '@web/ui/page-shell';
import { CAN_DO_ICONS, FramedDrawingArt, ORGANIZATION_ICONS } from '../components/about-art';
import { Blocks, RichText } from '../components/blocks';
import { aboutContent } from '../content/load';
import type { AboutSection, Point } from '../content/types';
import styles from './about.module.css';
import { useBrand } from '@web/lib/brand';

// The text (content/{ja,en}/about.ts) starts coming with this page's own chunk.
aboutContent.preload();

function Section({ section, className, children }: { section: AboutSection; className?: string; children?: ReactNode }) {
  return (
    <section id={section.id} className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
        {section.title}
      </h2>
      <div className={styles.sectionBody}>
        <Blocks blocks={section.body} />
      </div>
      {children}
    </section>
  );
}

function Cards({ points, icons }: { points: readonly Point[]; icons: readonly ReactNode[] }) {
  return (
    <ul className={styles.cards}>
      {points.map((p, i) => (
        <li key={p.title} className={styles.card}>
          <span className={styles.icon}>{icons[i]}</span>
          <h3>{p.title}</h3>
          <p>
            <RichText value={p.text} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** About us (/about): who we are and what a family can do here, from the landing page's message (works spec §1). */
export default function AboutPage() {
  const { t } = useLingui();
  const brand = useBrand();
  const content = aboutContent.useContent();
  const loggedIn = useSession((s) => Boolean(s.token || s.childToken));
  if (!content)
    return (
      <PageShell title={t({ message: `About us`, context: 'heading' })} width="medium">
        <Loading label={t`Loading…`} />
      </PageShell>
    );
  return (
    <PageShell title={t({ message: `About us`, context: 'heading' })} eyebrow={brand} lead={content.lead} width="medium">
      <div className={styles.hero}>
        <FramedDrawingArt className={styles.heroArt} />
        <div className={styles.heroText}>
          <h2 id={content.intro.id}>{content.intro.title}</h2>
          <Blocks blocks={content.intro.body} />
        </div>
      </div>

      <Section section={content.canDo}>
        <Cards points={content.canDo.points} icons={CAN_DO_ICONS} />
      </Section>

      <Section section={content.privacy} className={styles.privacy}>
        <ul className={styles.checks}>
          {content.privacy.points.map((p, i) => (
            <li key={i}>
              <RichText value={p} />
            </li>
          ))}
        </ul>
        <p className={styles.more}>
          <Link href="/privacy-policy">
            <Trans>Read the Privacy Policy</Trans>
          </Link>
        </p>
      </Section>

      <Section section={content.organizations}>
        <Cards points={content.organizations.points} icons={ORGANIZATION_ICONS} />
      </Section>

      <Section section={content.howTo} className={styles.howTo}>
        <ol className={styles.steps}>
          {content.howTo.steps.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <span className={styles.stepNo} aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>
                <RichText value={s.text} />
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <Section section={content.plans}>
        <ul className={styles.plans}>
          {content.plans.plans.map((p) => (
            <li key={p.name} className={styles.plan}>
              {/* The price belongs to the plan's heading (HTML's heading group), not a heading of its own. */}
              <hgroup>
                <h3>{p.name}</h3>
                <p className={styles.price}>{p.price}</p>
              </hgroup>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
        <p className={styles.small}>
          <RichText value={content.plans.note} />
        </p>
      </Section>

      <Section section={content.contact} />

      <section className={styles.closing} aria-labelledby="closing-title">
        <h2 id="closing-title">{content.closing.title}</h2>
        <p>{content.closing.text}</p>
        {loggedIn ? (
          <LinkButton href="/public-gallery" size="large">
            <Trans>Search Works</Trans>
          </LinkButton>
        ) : (
          <LinkButton href="/register" size="large">
            <Trans>Register for free</Trans>
          </LinkButton>
        )}
      </section>
    </PageShell>
  );
}
