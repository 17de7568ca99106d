/**
 * Children's drawings for the demo works, as SVG (rendered by sharp in the seed; nothing is
 * downloaded). Crayon-ish: thick round strokes on warm paper.
 */
const W = 800;
const H = 600;

const paper = (body: string, background = '#fffaf0') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${background}"/>
  <g stroke-linecap="round" stroke-linejoin="round">${body}</g>
</svg>`;

const grass = (color = '#7bc67e') => `<path d="M0 520 Q200 490 400 520 T800 515 V600 H0 Z" fill="${color}"/>`;

export function sun(color = '#ffcc33', sky = '#dff3ff'): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const [x1, y1, x2, y2] = [400 + Math.cos(a) * 130, 260 + Math.sin(a) * 130, 400 + Math.cos(a) * 190, 260 + Math.sin(a) * 190];
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${color}" stroke-width="16"/>`;
  }).join('');
  return paper(
    `${rays}<circle cx="400" cy="260" r="105" fill="${color}" stroke="#f29d38" stroke-width="8"/>
    <circle cx="365" cy="240" r="12" fill="#4a3b2a"/><circle cx="435" cy="240" r="12" fill="#4a3b2a"/>
    <path d="M355 290 Q400 330 445 290" stroke="#4a3b2a" stroke-width="10" fill="none"/>${grass()}`,
    sky,
  );
}

export function cat(fur = '#f4a261', background = '#fff3e6'): string {
  return paper(
    `<ellipse cx="400" cy="420" rx="170" ry="120" fill="${fur}" stroke="#5c4033" stroke-width="8"/>
    <circle cx="400" cy="250" r="120" fill="${fur}" stroke="#5c4033" stroke-width="8"/>
    <path d="M300 180 L310 90 L370 150 Z M500 180 L490 90 L430 150 Z" fill="${fur}" stroke="#5c4033" stroke-width="8"/>
    <circle cx="355" cy="240" r="14" fill="#2d2d2d"/><circle cx="445" cy="240" r="14" fill="#2d2d2d"/>
    <path d="M390 280 L410 280 L400 292 Z" fill="#e76f51"/>
    <path d="M400 292 Q385 310 370 300 M400 292 Q415 310 430 300" stroke="#5c4033" stroke-width="6" fill="none"/>
    <path d="M330 285 L250 270 M330 295 L250 300 M470 285 L550 270 M470 295 L550 300" stroke="#5c4033" stroke-width="5"/>
    <path d="M565 440 Q680 380 640 300" stroke="${fur}" stroke-width="30" fill="none"/>`,
    background,
  );
}

export function house(roof = '#e63946', wall = '#f1faee'): string {
  return paper(
    `${grass()}<rect x="250" y="280" width="300" height="240" fill="${wall}" stroke="#3d405b" stroke-width="8"/>
    <path d="M220 290 L400 140 L580 290 Z" fill="${roof}" stroke="#3d405b" stroke-width="8"/>
    <rect x="370" y="400" width="70" height="120" fill="#a0522d" stroke="#3d405b" stroke-width="6"/>
    <rect x="280" y="320" width="70" height="60" fill="#a8dadc" stroke="#3d405b" stroke-width="6"/>
    <rect x="450" y="320" width="70" height="60" fill="#a8dadc" stroke="#3d405b" stroke-width="6"/>
    <circle cx="680" cy="110" r="55" fill="#ffd166"/>
    <path d="M90 150 q30 -40 60 0 q30 -40 60 0" stroke="#6c757d" stroke-width="6" fill="none"/>`,
    '#e3f2fd',
  );
}

export function rainbow(sky = '#eaf6ff'): string {
  const colors = ['#e63946', '#f4a261', '#ffd166', '#06d6a0', '#118ab2', '#6a4c93'];
  const arcs = colors
    .map(
      (c, i) =>
        `<path d="M${120 + i * 28} 480 A${280 - i * 28} ${280 - i * 28} 0 0 1 ${680 - i * 28} 480" stroke="${c}" stroke-width="28" fill="none"/>`,
    )
    .join('');
  return paper(
    `${arcs}<ellipse cx="140" cy="470" rx="90" ry="45" fill="#ffffff" stroke="#cfd8dc" stroke-width="6"/>
    <ellipse cx="660" cy="470" rx="90" ry="45" fill="#ffffff" stroke="#cfd8dc" stroke-width="6"/>`,
    sky,
  );
}

export function flower(petal = '#ff8fab', center = '#ffd166'): string {
  const petals = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return `<circle cx="${(400 + Math.cos(a) * 80).toFixed(1)}" cy="${(230 + Math.sin(a) * 80).toFixed(1)}" r="55" fill="${petal}" stroke="#9d4edd" stroke-width="5"/>`;
  }).join('');
  return paper(
    `<path d="M400 300 Q380 420 400 540" stroke="#2a9d8f" stroke-width="18" fill="none"/>
    <path d="M400 430 Q470 380 520 420 Q470 460 400 430 Z" fill="#52b788"/>${petals}
    <circle cx="400" cy="230" r="50" fill="${center}" stroke="#e09f3e" stroke-width="6"/>${grass('#95d5b2')}`,
  );
}

export function fish(body = '#4cc9f0', sea = '#caf0f8'): string {
  return paper(
    `<ellipse cx="380" cy="300" rx="200" ry="120" fill="${body}" stroke="#023e8a" stroke-width="8"/>
    <path d="M570 300 L700 200 L700 400 Z" fill="${body}" stroke="#023e8a" stroke-width="8"/>
    <circle cx="270" cy="270" r="22" fill="#ffffff" stroke="#023e8a" stroke-width="5"/><circle cx="275" cy="272" r="10" fill="#03045e"/>
    <path d="M350 230 Q380 300 350 370 M420 230 Q450 300 420 370" stroke="#023e8a" stroke-width="6" fill="none"/>
    <circle cx="150" cy="150" r="18" fill="none" stroke="#0096c7" stroke-width="5"/><circle cx="120" cy="90" r="12" fill="none" stroke="#0096c7" stroke-width="5"/>`,
    sea,
  );
}

export function car(paint = '#ef476f'): string {
  return paper(
    `<rect x="0" y="470" width="800" height="130" fill="#adb5bd"/>
    <path d="M140 440 L200 320 L520 320 L600 400 L680 410 L680 460 L140 460 Z" fill="${paint}" stroke="#212529" stroke-width="8"/>
    <path d="M230 335 L300 335 L300 395 L205 395 Z M330 335 L480 335 L540 395 L330 395 Z" fill="#caf0f8" stroke="#212529" stroke-width="6"/>
    <circle cx="260" cy="465" r="50" fill="#343a40"/><circle cx="260" cy="465" r="20" fill="#dee2e6"/>
    <circle cx="560" cy="465" r="50" fill="#343a40"/><circle cx="560" cy="465" r="20" fill="#dee2e6"/>`,
    '#e9f5db',
  );
}

export function tree(leaves = '#40916c', season = '#f1faee'): string {
  return paper(
    `${grass('#b7e4c7')}<rect x="370" y="330" width="60" height="200" fill="#7f5539" stroke="#432818" stroke-width="6"/>
    <circle cx="400" cy="250" r="130" fill="${leaves}" stroke="#1b4332" stroke-width="8"/>
    <circle cx="300" cy="300" r="80" fill="${leaves}" stroke="#1b4332" stroke-width="8"/>
    <circle cx="500" cy="300" r="80" fill="${leaves}" stroke="#1b4332" stroke-width="8"/>
    <circle cx="360" cy="230" r="14" fill="#e63946"/><circle cx="450" cy="280" r="14" fill="#e63946"/><circle cx="320" cy="310" r="14" fill="#e63946"/>`,
    season,
  );
}

/** Mount Fuji seen over a balcony rail; a low sun and warm sky make it evening. */
export function fuji(sky = '#dff3ff', mountain = '#5c7cae', sunColor = '#ffcc33', sunY = 130): string {
  const bars = Array.from(
    { length: 12 },
    (_, i) => `<line x1="${30 + i * 68}" y1="500" x2="${30 + i * 68}" y2="600" stroke="#8d6e63" stroke-width="12"/>`,
  ).join('');
  return paper(
    `<circle cx="640" cy="${sunY}" r="60" fill="${sunColor}"/>
    <path d="M90 120 q30 -35 60 0 q30 -35 60 0" stroke="#6c757d" stroke-width="6" fill="none"/>
    <path d="M40 470 L320 180 Q400 140 480 180 L760 470 Z" fill="${mountain}" stroke="#3d405b" stroke-width="8"/>
    <path d="M320 180 Q400 140 480 180 L540 242 Q505 228 480 255 Q445 225 400 258 Q355 225 320 255 Q295 228 260 242 Z" fill="#ffffff" stroke="#3d405b" stroke-width="6"/>
    <rect x="0" y="460" width="800" height="140" fill="#a7c957"/>
    ${bars}<line x1="0" y1="500" x2="800" y2="500" stroke="#8d6e63" stroke-width="16"/>`,
    sky,
  );
}

export function rocket(sky = '#1d3557'): string {
  const stars = [
    [90, 90],
    [200, 190],
    [130, 330],
    [290, 60],
    [560, 300],
    [700, 360],
    [640, 500],
    [170, 500],
    [740, 60],
    [500, 70],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#ffd166"/>`)
    .join('');
  return paper(
    `${stars}<circle cx="640" cy="150" r="80" fill="#f1faee" stroke="#adb5bd" stroke-width="6"/>
    <circle cx="612" cy="128" r="14" fill="#dee2e6"/><circle cx="668" cy="180" r="18" fill="#dee2e6"/>
    <path d="M355 425 Q400 580 445 425 Z" fill="#fb8500"/><path d="M375 425 Q400 520 425 425 Z" fill="#ffd166"/>
    <path d="M345 320 L270 450 L352 420 Z M455 320 L530 450 L448 420 Z" fill="#e63946" stroke="#212529" stroke-width="6"/>
    <path d="M400 90 Q480 200 460 430 L340 430 Q320 200 400 90 Z" fill="#f8f9fa" stroke="#212529" stroke-width="8"/>
    <path d="M400 90 Q432 132 446 180 L354 180 Q368 132 400 90 Z" fill="#e63946" stroke="#212529" stroke-width="6"/>
    <circle cx="400" cy="275" r="38" fill="#a8dadc" stroke="#457b9d" stroke-width="8"/>`,
    sky,
  );
}

/** A shinkansen on its track, rushing by. */
export function train(stripe = '#1d4ed8'): string {
  const sleepers = Array.from({ length: 14 }, (_, i) => `<rect x="${10 + i * 58}" y="486" width="24" height="14" fill="#8d6e63"/>`).join(
    '',
  );
  const windows = [90, 170, 250, 330, 410]
    .map((x) => `<rect x="${x}" y="320" width="55" height="45" rx="8" fill="#a8dadc" stroke="#1d3557" stroke-width="5"/>`)
    .join('');
  const wheels = [130, 230, 450, 560].map((x) => `<circle cx="${x}" cy="462" r="18" fill="#343a40"/>`).join('');
  return paper(
    `${grass('#a7c957')}<circle cx="700" cy="100" r="50" fill="#ffd166"/>
    <rect x="0" y="470" width="800" height="16" fill="#6c757d"/>${sleepers}
    <path d="M60 460 L60 320 Q60 290 90 290 L520 290 Q650 300 740 460 Z" fill="#ffffff" stroke="#1d3557" stroke-width="8"/>
    <path d="M64 410 L688 410 L706 436 L64 436 Z" fill="${stripe}"/>${windows}
    <path d="M520 310 Q590 312 640 380 L520 380 Z" fill="#a8dadc" stroke="#1d3557" stroke-width="5"/>${wheels}
    <path d="M10 330 H42 M0 370 H36 M14 405 H46" stroke="#6c757d" stroke-width="6"/>`,
    '#e3f2fd',
  );
}

/** A cherry tree in bloom, petals falling on a picnic blanket with two onigiri. */
export function sakura(blossom = '#ffafcc', background = '#fff0f6'): string {
  const crown = [
    [400, 230, 130],
    [290, 290, 85],
    [510, 290, 85],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${blossom}" stroke="#c9184a" stroke-width="8"/>`)
    .join('');
  const flowers = [
    [330, 190],
    [420, 150],
    [480, 240],
    [360, 290],
    [270, 270],
    [530, 300],
    [440, 320],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="#ffffff"/>`)
    .join('');
  const petals = [
    [120, 120],
    [650, 90],
    [700, 250],
    [90, 300],
    [620, 420],
    [200, 440],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="8" fill="${blossom}" transform="rotate(30 ${x} ${y})"/>`)
    .join('');
  const onigiri = [540, 630]
    .map(
      (x) =>
        `<path d="M${x} 482 L${x + 36} 545 L${x - 36} 545 Z" fill="#ffffff" stroke="#212529" stroke-width="5"/><rect x="${x - 18}" y="524" width="36" height="21" fill="#2d6a4f"/>`,
    )
    .join('');
  return paper(
    `${grass('#b7e4c7')}<rect x="370" y="330" width="60" height="200" fill="#7f5539" stroke="#432818" stroke-width="6"/>
    ${crown}${flowers}${petals}
    <path d="M470 470 L730 470 L770 570 L450 570 Z" fill="#4cc9f0" stroke="#023e8a" stroke-width="6"/>
    <path d="M535 470 L525 570 M600 470 L610 570 M665 470 L690 570 M460 505 H745 M455 540 H758" stroke="#ffffff" stroke-width="8"/>${onigiri}`,
    background,
  );
}
