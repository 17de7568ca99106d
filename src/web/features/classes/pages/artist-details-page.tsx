import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { buttonClass } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import styles from '../components/artist-details.module.css';

/** An artist's page (works spec §2: a static mock page with sample text), until artists have pages of their own. */
export default function ArtistDetailsPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t({ message: `Artist details`, context: 'heading' })} eyebrow={t`Meet the artist`} width="medium">
      <article className={styles.page}>
        <header className={styles.hero}>
          <span className={styles.portrait} aria-hidden="true">
            <svg viewBox="0 0 120 120" width="120" height="120">
              <circle cx="60" cy="60" r="58" fill="#fbecd2" />
              <circle cx="60" cy="48" r="20" fill="#e2a03f" />
              <path d="M24 104c6-22 20-32 36-32s30 10 36 32" fill="#b04e26" />
              <path d="M84 30l14-14 6 6-14 14z" fill="#5f7a52" />
              <path d="M82 32l-6 10 10-6z" fill="#2a211c" />
            </svg>
          </span>
          <div>
            <h2 className={styles.name}>{t({ message: `Yui Morikawa (sample)`, context: 'heading' })}</h2>
            <p className={styles.role}>{t`Painter and picture-book artist`}</p>
          </div>
        </header>
        <p className={styles.sample}>{t`This is a sample page. Artists' own pages are coming soon.`}</p>
        <section className={styles.block}>
          <h3>{t({ message: `About the artist`, context: 'heading' })}</h3>
          <p>
            <Trans>
              Yui grew up by the sea in a small town, drawing boats and clouds on the back of old calendars. Today she paints picture books
              about everyday wonders: a cat asleep in the sun, rain on a window, a first bicycle.
            </Trans>
          </p>
          <p>
            <Trans>
              In her classes, children try crayons, watercolours and torn paper. There are no mistakes, only discoveries: a smudge can
              become a fox, a drip can become a rainy day.
            </Trans>
          </p>
        </section>
        <section className={styles.block}>
          <h3>{t({ message: `What you will do in class`, context: 'heading' })}</h3>
          <ul className={styles.list}>
            <li>{t`Look closely at something you love, and draw it big.`}</li>
            <li>{t`Mix colours and give them names of your own.`}</li>
            <li>{t`Share your picture and hear what others see in it.`}</li>
          </ul>
        </section>
        <blockquote className={styles.quote}>
          <p>{t`“Every child is already an artist. My job is just to hand over the crayons.”`}</p>
        </blockquote>
        <Link href="/artist-list" className={buttonClass({ size: 'large', block: true })}>
          <Trans>See all classes</Trans>
        </Link>
      </article>
    </PageShell>
  );
}
