import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';

import { OptionalPart } from '@web/ui/optional-part';
import { afterFirstPaint, whenIdle } from '@web/lib/first-paint';
import { lazyPart } from '@web/lib/lazy-page';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { LinkButton } from '@web/ui/button';
import FilmStrip from '../components/film-strip';
import { FilmStripPlaceholder } from '../components/film-strip-placeholder';
import styles from './landing.module.css';
import { useBrand } from '@web/lib/brand';

// The sponsors' code comes once the reader comes near them. The film strip's is part of the page (a chunk of its
// own meant two more files on the first load: its styles are shared with the placeholder); it mounts, and asks
// for its works, once the page has painted and the main thread is idle.
const SponsorBanners = lazyPart(() => import('../components/sponsor-banners'));

/** True once the page has painted and the main thread has then been idle. */
function useAfterFirstView(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint()
      .then(() => whenIdle(1000))
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** The film strip's section and heading, around the strip or its placeholder; the strip leaves it out when it has no works. */
function StripSection({ children }: { children: ReactNode }) {
  return (
    <section className={styles.strip} aria-labelledby="strip-title">
      <div className={styles.stripHead}>
        <h2 id="strip-title" className={styles.stripTitle}>
          <Trans context="heading">New in the museum</Trans>
        </h2>
        <Link href="/public-gallery" className={styles.stripMore}>
          <Trans>See all works</Trans>
        </Link>
      </div>
      {children}
    </section>
  );
}

export default function LandingPage() {
  const { t } = useLingui();
  const brand = useBrand();
  useEffect(() => {
    document.title = t`${brand}: an online art museum for families`;
  }, [t, brand]);
  // The strip and the drawings (files in public/art/) wait for it: none of their requests competes with the first view.
  const afterFirstView = useAfterFirstView();
  const art = (file: string) => (afterFirstView ? `/art/${file}` : undefined);
  const sponsorsRef = useRef<HTMLDivElement>(null);
  const sponsorsNear = useNearViewport(sponsorsRef);

  // The drawings are files (public/art/), not components: out of the page's JavaScript.
  const promises = [
    {
      icon: 'promise-share.svg',
      title: t({ message: `Share with family, friends and the world`, context: 'heading' }),
      text: t`Hang your child's creations where grandparents and friends can see them, or open them to everyone.`,
    },
    {
      icon: 'promise-secret.svg',
      title: t({ message: `A secret gallery of your own`, context: 'heading' }),
      text: t`Keep every work safe in a personal gallery that only you and the family members you choose can see.`,
    },
    {
      icon: 'promise-learn.svg',
      title: t({ message: `Learn from artists`, context: 'heading' }),
      text: t`Join online classes and archived lessons taught by real artists.`,
    },
    {
      icon: 'promise-contest.svg',
      title: t({ message: `Enter contests`, context: 'heading' }),
      text: t`Try contests held by companies and classrooms, and show your work on a bigger stage.`,
    },
  ];
  const steps = [
    {
      art: 'step-photograph.svg',
      title: t({ message: `Photograph the work`, context: 'heading' }),
      text: t`Take a picture of a drawing, a painting or a craft with your phone.`,
    },
    {
      art: 'step-upload.svg',
      title: t({ message: `Register for free and upload`, context: 'heading' }),
      text: t`Create a free account, add your child as a user and upload the photo.`,
    },
    {
      art: 'step-publish.svg',
      title: t({ message: `Choose how to publish`, context: 'heading' }),
      text: t`Keep it private, share it with family, or publish it to everyone.`,
    },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            <Trans>An online art museum for families and children</Trans>
          </p>
          <h1 className={styles.title}>
            <Trans context="heading">Every child's art deserves a museum</Trans>
          </h1>
          <p className={styles.lead}>
            <Trans>
              {brand} keeps the drawings, paintings and crafts of your children safe, and lets you share them with family, friends and the
              world.
            </Trans>
          </p>
          <div className={styles.ctas}>
            <LinkButton href="/register" size="large">
              <Trans>Register for free</Trans>
            </LinkButton>
            <LinkButton href="/public-gallery" variant="secondary" size="large">
              <Trans>Search Works</Trans>
            </LinkButton>
          </div>
        </div>
        <img className={styles.heroArt} src={art('gallery-wall.svg')} alt="" width={360} height={230} loading="lazy" decoding="async" />
      </section>

      {afterFirstView ? (
        <FilmStrip Section={StripSection} />
      ) : (
        <StripSection>
          <FilmStripPlaceholder />
        </StripSection>
      )}

      <section className={styles.section} aria-labelledby="promises-title">
        <h2 id="promises-title" className={styles.sectionTitle}>
          <Trans context="heading">What you can do</Trans>
        </h2>
        <ul className={styles.promises}>
          {promises.map((p) => (
            <li key={p.title} className={styles.promise}>
              <span className={styles.icon} aria-hidden="true">
                <img src={art(p.icon)} alt="" width={30} height={30} loading="lazy" decoding="async" />
              </span>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-to-use" className={`${styles.section} ${styles.howto}`} aria-labelledby="howto-title">
        <h2 id="howto-title" className={styles.sectionTitle}>
          <Trans context="heading">How to use</Trans>
        </h2>
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <div className={styles.stepArt}>
                <img src={art(s.art)} alt="" width={160} height={120} loading="lazy" decoding="async" />
              </div>
              <span className={styles.stepNo} aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div ref={sponsorsRef}>
        {sponsorsNear && (
          <OptionalPart>
            <SponsorBanners />
          </OptionalPart>
        )}
      </div>

      <section className={styles.closing}>
        <h2>
          <Trans context="heading">Open your family's museum today</Trans>
        </h2>
        <p>
          <Trans>Registration is free, and the free plan keeps up to five pictures.</Trans>
        </p>
        <LinkButton href="/register" size="large">
          <Trans>Register for free</Trans>
        </LinkButton>
      </section>
    </div>
  );
}
