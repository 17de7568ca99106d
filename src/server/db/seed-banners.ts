/**
 * The demo's sponsor banners (decisions.md, "Demo content"): three running, drawn here as SVG and rendered by
 * sharp like the demo works (nothing is downloaded, no text to translate: the name is the banner's alt text), and
 * one that has ended and must not be listed. One opens an outside site, one a page of ours, one nothing.
 */
import type { StorageAdapter } from '../adapters/storage';
import { storeDemoPicture } from './demo-pictures';
import type { Db } from './open';
import { advertisements } from './schema';

const W = 1200;
const H = 400;
const DAY = 24 * 60 * 60 * 1000;

const banner = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${background}"/>
  <g stroke-linecap="round" stroke-linejoin="round">${body}</g>
</svg>`;

/** Small four-pointed sparkles. */
const sparkles = (points: [number, number, number][], color: string) =>
  points
    .map(
      ([x, y, r]) =>
        `<path d="M${x} ${y - r} Q${x} ${y} ${x + r} ${y} Q${x} ${y} ${x} ${y + r} Q${x} ${y} ${x - r} ${y} Q${x} ${y} ${x} ${y - r} Z" fill="${color}"/>`,
    )
    .join('');

/** A crayon lying along +x from the origin: round end, paper wrapper with zigzag bands, sharpened tip. */
function crayon(color: string, dark: string): string {
  const zigzag = (x: number) => `<path d="M${x} -23 l8 9 l-8 9 l8 9 l-8 9 l8 9" stroke="${dark}" stroke-width="4" fill="none"/>`;
  return `<rect x="0" y="-23" width="250" height="46" rx="12" fill="${color}" stroke="${dark}" stroke-width="4"/>
    <rect x="46" y="-23" width="160" height="46" fill="#fffdf7" opacity="0.35"/>${zigzag(60)}${zigzag(190)}
    <path d="M250 -20 L302 -5 Q310 0 302 5 L250 20 Z" fill="${color}" stroke="${dark}" stroke-width="4"/>
    <line x1="18" y1="-11" x2="236" y2="-11" stroke="#ffffff" stroke-width="5" opacity="0.4"/>`;
}

/** にじいろクレヨン: a crayon rainbow scribbled on cream paper, and the crayons that drew it. */
export function crayonBanner(): string {
  const colors: [string, string][] = [
    ['#e63946', '#9d1d27'],
    ['#f4a261', '#b5622a'],
    ['#ffd166', '#c99a1e'],
    ['#06d6a0', '#03865f'],
    ['#118ab2', '#0a5570'],
    ['#8e6bbf', '#563d7c'],
  ];
  const arcs = colors
    .map(([c], i) => {
      const r = 270 - i * 32;
      const arc = (dx: number, width: number, opacity: number) =>
        `<path d="M${330 - r + dx} 380 A${r} ${r} 0 0 1 ${330 + r + dx} 380" stroke="${c}" stroke-width="${width}" fill="none" opacity="${opacity}"/>`;
      return arc(0, 26, 0.85) + arc(4, 10, 0.5);
    })
    .join('');
  const crayons = colors
    .map(([c, d], i) => `<g transform="translate(${610 + i * 80} ${345 - (i % 2) * 18}) rotate(-56)">${crayon(c, d)}</g>`)
    .join('');
  const clouds = `<ellipse cx="90" cy="370" rx="80" ry="34" fill="#ffffff" stroke="#e9dcc3" stroke-width="5"/>
    <ellipse cx="570" cy="370" rx="80" ry="34" fill="#ffffff" stroke="#e9dcc3" stroke-width="5"/>`;
  return banner(
    '#fff3dc',
    `${arcs}${clouds}${crayons}${sparkles(
      [
        [560, 70, 22],
        [1130, 80, 18],
        [80, 90, 16],
        [640, 150, 12],
      ],
      '#ffb703',
    )}`,
  );
}

/** えほんの森図書館: a giant open picture book on green hills at sunrise, little trees and a stack of books. */
export function libraryBanner(): string {
  const lines = (x0: number, x1: number) =>
    Array.from({ length: 4 }, (_, i) => {
      const y = 170 + i * 26;
      return `<path d="M${x0} ${y} Q${(x0 + x1) / 2} ${y - 10} ${x1} ${y}" stroke="#c9b8a6" stroke-width="6" fill="none"/>`;
    }).join('');
  const tree = (x: number, y: number, r: number, leaves: string) =>
    `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + r * 1.6}" stroke="#7f5539" stroke-width="${Math.round(r / 3)}"/>
    <circle cx="${x}" cy="${y}" r="${r}" fill="${leaves}" stroke="#2d6a4f" stroke-width="5"/>`;
  const books = [
    ['#e76f51', 150],
    ['#2a9d8f', 130],
    ['#f4a261', 160],
    ['#6d597a', 140],
  ]
    .map(([color, width], i) => {
      const w = Number(width);
      return `<rect x="${130 - w / 2}" y="${318 - i * 34}" width="${w}" height="30" rx="6" fill="${color}" stroke="#4a3b2a" stroke-width="4"/>
      <line x1="${130 - w / 2 + 14}" y1="${333 - i * 34}" x2="${130 + w / 2 - 14}" y2="${333 - i * 34}" stroke="#fffaf0" stroke-width="4" opacity="0.6"/>`;
    })
    .join('');
  const birds = [
    [980, 80],
    [1030, 110],
    [930, 120],
  ]
    .map(([x, y]) => `<path d="M${x! - 16} ${y} q8 -10 16 0 q8 -10 16 0" stroke="#4a4e69" stroke-width="5" fill="none"/>`)
    .join('');
  return banner(
    '#e6f4fb',
    `<circle cx="600" cy="150" r="92" fill="#ffd166"/>
    <circle cx="600" cy="150" r="120" fill="#ffd166" opacity="0.3"/>
    <path d="M0 330 Q250 250 520 320 T1200 300 V400 H0 Z" fill="#a7d7a0"/>
    <path d="M0 370 Q300 320 640 365 T1200 350 V400 H0 Z" fill="#74b87a"/>
    ${tree(880, 250, 44, '#52b788')}${tree(960, 270, 32, '#95d5b2')}${tree(1080, 240, 52, '#40916c')}${tree(300, 262, 30, '#95d5b2')}
    <path d="M372 318 L600 338 L828 318 L828 150 L600 168 L372 150 Z" fill="#e76f51" stroke="#6d4c41" stroke-width="6"/>
    <path d="M600 322 Q490 282 388 304 L388 146 Q490 122 600 160 Z" fill="#fffaf0" stroke="#6d4c41" stroke-width="6"/>
    <path d="M600 322 Q710 282 812 304 L812 146 Q710 122 600 160 Z" fill="#fffaf0" stroke="#6d4c41" stroke-width="6"/>
    ${lines(420, 570)}${lines(630, 780)}
    <line x1="600" y1="160" x2="600" y2="322" stroke="#6d4c41" stroke-width="5"/>
    ${books}${birds}`,
  );
}

/** アトリエころころ画材店: a painter's palette, brushes in a jar and paint tubes on a warm peach wall. */
export function artShopBanner(): string {
  const paints = ['#e63946', '#ffd166', '#06d6a0', '#118ab2', '#f78c6b', '#8e6bbf'];
  const dabs = paints
    .map((c, i) => {
      const a = Math.PI * (0.95 + i * 0.2);
      return `<circle cx="${(300 + Math.cos(a) * 135).toFixed(1)}" cy="${(205 + Math.sin(a) * 95).toFixed(1)}" r="30" fill="${c}" stroke="#5c4033" stroke-width="4"/>`;
    })
    .join('');
  const brush = (x: number, tilt: number, tip: string) =>
    `<g transform="translate(${x} 340) rotate(${tilt})">
      <line x1="0" y1="0" x2="0" y2="-210" stroke="#b5835a" stroke-width="14"/>
      <rect x="-11" y="-250" width="22" height="42" rx="4" fill="#adb5bd" stroke="#495057" stroke-width="4"/>
      <path d="M-11 -250 Q-14 -290 0 -318 Q14 -290 11 -250 Z" fill="${tip}" stroke="#343a40" stroke-width="4"/>
    </g>`;
  const tube = (x: number, y: number, tilt: number, color: string) =>
    `<g transform="translate(${x} ${y}) rotate(${tilt})">
      <path d="M0 -30 L150 -26 L168 -14 L168 14 L150 26 L0 30 Z" fill="#f1f3f5" stroke="#495057" stroke-width="4"/>
      <rect x="20" y="-30" width="90" height="60" fill="${color}"/>
      <rect x="168" y="-12" width="34" height="24" rx="5" fill="#343a40"/>
      <path d="M0 -30 L-8 -30 L-8 30 L0 30" stroke="#495057" stroke-width="4" fill="#dee2e6"/>
    </g>`;
  return banner(
    '#ffe8d6',
    `<circle cx="1120" cy="60" r="22" fill="#ffb4a2"/><circle cx="560" cy="350" r="14" fill="#9bf6ff"/><circle cx="80" cy="60" r="16" fill="#caffbf"/>
    <path d="M170 140 Q300 60 440 130 Q500 170 470 240 Q440 300 360 290 Q330 286 320 310 Q300 350 230 330 Q130 300 140 210 Q145 165 170 140 Z" fill="#f3d5b5" stroke="#5c4033" stroke-width="6"/>
    <ellipse cx="390" cy="245" rx="26" ry="20" fill="#ffe8d6" stroke="#5c4033" stroke-width="5"/>${dabs}
    ${brush(615, -14, '#e63946')}${brush(650, 4, '#118ab2')}${brush(685, 18, '#ffd166')}
    <path d="M570 230 L730 230 L718 360 Q650 378 582 360 Z" fill="#bde0fe" stroke="#4a6fa5" stroke-width="6" opacity="0.92"/>
    <line x1="590" y1="262" x2="710" y2="262" stroke="#ffffff" stroke-width="6" opacity="0.6"/>
    ${tube(820, 100, 9, '#e63946')}${tube(850, 210, -5, '#06d6a0')}${tube(830, 318, 6, '#ffd166')}`,
  );
}

/** The art shop's summer sale, over: a watermelon slice under a big sun. */
export function summerSaleBanner(): string {
  return banner(
    '#fff9c4',
    `<circle cx="300" cy="170" r="100" fill="#ffb703" stroke="#fb8500" stroke-width="8"/>
    <path d="M640 120 A260 260 0 0 0 1160 120 Z" fill="#e63946" stroke="#2d6a4f" stroke-width="22"/>
    ${[760, 840, 920, 1000, 1060].map((x, i) => `<ellipse cx="${x}" cy="${170 + (i % 2) * 40}" rx="9" ry="15" fill="#2b2d42"/>`).join('')}
    <path d="M0 360 Q300 320 600 360 T1200 350 V400 H0 Z" fill="#90e0ef"/>`,
  );
}

const stored = (storage: StorageAdapter, svg: string) => storeDemoPicture(storage, 'banners', svg);

/** Called by the demo seed (seed.ts) on an empty database. */
export async function seedBanners(db: Db, storage: StorageAdapter, now = new Date()): Promise<void> {
  const [crayons, library, shop, sale] = await Promise.all(
    [crayonBanner(), libraryBanner(), artShopBanner(), summerSaleBanner()].map((svg) => stored(storage, svg)),
  );
  await db.insert(advertisements).values([
    {
      name: 'にじいろクレヨン (Niji Crayons)',
      addType: 'banner',
      imageKey: crayons!,
      linkUrl: 'https://example.com/niji-crayons',
      sortOrder: 1,
    },
    {
      name: 'えほんの森図書館 (Picture-Book Forest Library)',
      addType: 'banner',
      imageKey: library!,
      linkUrl: '/contest-list',
      startsAt: new Date(now.getTime() - 30 * DAY),
      sortOrder: 2,
    },
    { name: 'アトリエころころ画材店 (Korokoro Art Supplies)', addType: 'banner', imageKey: shop!, linkUrl: null, sortOrder: 3 },
    {
      name: 'アトリエころころ 夏のセール (Korokoro summer sale)',
      addType: 'banner',
      imageKey: sale!,
      linkUrl: 'https://example.com/korokoro/summer-sale',
      startsAt: new Date(now.getTime() - 90 * DAY),
      endsAt: new Date(now.getTime() - DAY),
      sortOrder: 0,
    },
  ]);
}
