/**
 * The sheet's four corners as handles over the photo (issue 15): dragged with a finger, a pen or the mouse (pointer
 * events, the pointer captured), or moved with the arrow keys. While one moves, a loupe shows its corner magnified
 * above the finger, with the paper's two edges meeting there. Corners are in the photo's pixels (lib/paper).
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type Dispatch, type KeyboardEvent, type PointerEvent, type ReactNode, type SetStateAction } from 'react';

import type { Corners, Point } from '@web/lib/paper/client';
import styles from './paper-corners.module.css';

/** The loupe's diameter and magnification, in CSS pixels. */
const LOUPE = 116;
const ZOOM = 3;
/** An arrow key moves a corner by this share of the photo's long edge; with Shift, five times as far. */
const KEY_STEP = 0.005;

interface PaperCornersProps {
  /** The photo's object URL. */
  src: string;
  /** The photo's size, the pixels the corners are in. */
  width: number;
  height: number;
  /** Null while the paper is being looked for: no handles yet. */
  corners: Corners | null;
  onChange: Dispatch<SetStateAction<Corners | null>>;
  /** The hint the handles are described by. */
  hintId: string;
  disabled?: boolean;
  /** Shown over the photo (the search's progress). */
  overlay?: ReactNode;
  /** The photo's own size, once it shows. */
  onImageLoad?: (size: { width: number; height: number }) => void;
  onImageError?: () => void;
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

function path(corners: Corners): string {
  return `M${corners.map(([x, y]) => `${x} ${y}`).join(' L')} Z`;
}

export function PaperCorners(props: PaperCornersProps) {
  const { src, width, height, corners, onChange, hintId, disabled, overlay, onImageLoad, onImageError } = props;
  const { t } = useLingui();
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ index: number; pointerId: number; dx: number; dy: number } | null>(null);
  /** The corner moving now (dragged, or moved with the keys) and the photo's shown size, for the loupe. */
  const [moving, setMoving] = useState<{ index: number; w: number; h: number } | null>(null);
  const active = moving?.index ?? null;
  const setActive = (index: number | null) =>
    setMoving(index === null || !stage.current ? null : { index, w: stage.current.clientWidth, h: stage.current.clientHeight });
  const [said, setSaid] = useState('');
  const names = [t`Top-left corner`, t`Top-right corner`, t`Bottom-right corner`, t`Bottom-left corner`];

  const place = (index: number, point: Point) =>
    onChange((list) => (list ? (list.map((c, i) => (i === index ? point : c)) as Corners) : list));

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    const box = stage.current?.getBoundingClientRect();
    const corner = corners?.[index];
    if (disabled || !box || !corner || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    // The corner keeps its distance to the finger: grabbing a handle off-centre does not make it jump.
    drag.current = {
      index,
      pointerId: event.pointerId,
      dx: event.clientX - (box.left + (corner[0] / width) * box.width),
      dy: event.clientY - (box.top + (corner[1] / height) * box.height),
    };
    setActive(index);
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    const box = stage.current?.getBoundingClientRect();
    if (!d || d.pointerId !== event.pointerId || !box) return;
    const x = ((event.clientX - d.dx - box.left) / box.width) * width;
    const y = ((event.clientY - d.dy - box.top) / box.height) * height;
    place(d.index, [clamp(x, width), clamp(y, height)]);
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setActive(null);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const corner = corners?.[index];
    const arrows: Record<string, Point> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = arrows[event.key];
    if (disabled || !corner || !step) return;
    event.preventDefault();
    const by = Math.max(width, height) * KEY_STEP * (event.shiftKey ? 5 : 1);
    const next: Point = [clamp(corner[0] + step[0] * by, width), clamp(corner[1] + step[1] * by, height)];
    place(index, next);
    setActive(index);
    const across = Math.round((next[0] / width) * 100);
    const down = Math.round((next[1] / height) * 100);
    const name = names[index];
    setSaid(t`${name}: ${across}% across, ${down}% down`);
  };

  return (
    <div className={styles.stage} ref={stage}>
      <img
        src={src}
        alt={t`Your photo`}
        className={styles.photo}
        draggable={false}
        onLoad={(e) => onImageLoad?.({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        onError={onImageError}
      />
      {corners && (
        <>
          <svg className={styles.overlay} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
            <path className={styles.shade} d={`M0 0 H${width} V${height} H0 Z ${path(corners)}`} fillRule="evenodd" />
            <path className={styles.edgeUnder} d={path(corners)} vectorEffect="non-scaling-stroke" />
            <path className={styles.edge} d={path(corners)} vectorEffect="non-scaling-stroke" />
          </svg>
          {corners.map(([x, y], index) => (
            <button
              key={index}
              type="button"
              className={`${styles.handle} ${active === index ? styles.moving : ''}`}
              style={{ left: `${(x / width) * 100}%`, top: `${(y / height) * 100}%` }}
              aria-label={names[index]}
              aria-describedby={hintId}
              disabled={disabled}
              onPointerDown={onPointerDown(index)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onLostPointerCapture={onPointerEnd}
              onKeyDown={onKeyDown(index)}
              onBlur={() => {
                if (active === index && !drag.current) setActive(null);
              }}
            >
              <span className={styles.dot} aria-hidden="true" />
            </button>
          ))}
          {moving && <Loupe src={src} corners={corners} width={width} height={height} {...moving} />}
        </>
      )}
      {overlay}
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </div>
  );
}

interface LoupeProps {
  src: string;
  corners: Corners;
  index: number;
  width: number;
  height: number;
  /** The photo's shown size. */
  w: number;
  h: number;
}

/** The moving corner, magnified, above it (below it near the top), with the two edges that meet there. */
function Loupe({ src, corners, index, width, height, w, h }: LoupeProps) {
  const [x, y] = corners[index] as Point;
  const cx = (x / width) * w;
  const cy = (y / height) * h;
  const half = LOUPE / 2;
  const above = cy - half - 48 >= -half;
  const left = Math.min(w - half + 12, Math.max(half - 12, cx));
  const top = above ? cy - half - 48 : cy + half + 48;
  const toward = (other: number) => {
    const [ox, oy] = corners[other] as Point;
    return `M${half} ${half} L${half + ((ox - x) / width) * w * ZOOM} ${half + ((oy - y) / height) * h * ZOOM}`;
  };
  return (
    <div
      className={styles.loupe}
      aria-hidden="true"
      style={{
        left,
        top,
        backgroundImage: `url("${src}")`,
        backgroundSize: `${w * ZOOM}px ${h * ZOOM}px`,
        backgroundPosition: `${half - cx * ZOOM}px ${half - cy * ZOOM}px`,
      }}
    >
      <svg viewBox={`0 0 ${LOUPE} ${LOUPE}`} width={LOUPE} height={LOUPE}>
        <path className={styles.loupeEdge} d={`${toward((index + 1) % 4)} ${toward((index + 3) % 4)}`} />
        <circle className={styles.loupeAim} cx={half} cy={half} r={7} />
      </svg>
    </div>
  );
}
