import { useLingui } from '@lingui/react/macro';
import { useState, type MouseEvent } from 'react';

import styles from './carousel.module.css';

export interface CarouselImage {
  id: number;
  src: string;
  thumb: string;
}

interface CarouselProps {
  images: CarouselImage[];
  /** The work's title: every image's alt text starts with it. */
  title: string;
  /** Blocks the right-click and long-press menu (viewers who may not download). */
  protect?: boolean;
}

/** Previous and next wrap around; thumbnails jump to an image (works spec §2, work detail). */
export function Carousel({ images, title, protect = false }: CarouselProps) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const block = protect ? (event: MouseEvent) => event.preventDefault() : undefined;
  const position = index + 1;
  const altOf = (i: number) => (count > 1 ? t`${title} (image ${i} of ${count})` : title);

  return (
    <div className={`${styles.carousel} ${protect ? styles.protect : ''}`} aria-roledescription={t`carousel`}>
      <div className={styles.stage}>
        <img
          key={current.id}
          src={current.src}
          alt={altOf(position)}
          className={styles.image}
          width={1024}
          height={1024}
          draggable={!protect}
          onContextMenu={block}
        />
        {count > 1 && (
          <>
            <button type="button" className={`${styles.nav} ${styles.prev}`} onClick={() => go(-1)} aria-label={t`Previous image`}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${styles.nav} ${styles.next}`} onClick={() => go(1)} aria-label={t`Next image`}>
              <span aria-hidden="true">›</span>
            </button>
            <span className={styles.counter} aria-live="polite">
              {position} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className={styles.thumbs}>
          {images.map((image, i) => {
            const n = i + 1;
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={t`Show image ${n}`}
                  onClick={() => setIndex(i)}
                >
                  <img src={image.thumb} alt="" width={64} height={64} loading="lazy" draggable={!protect} onContextMenu={block} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
