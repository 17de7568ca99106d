/** Generated test pictures (nothing is downloaded). */
import sharp from 'sharp';

/** A small drawing-like PNG: a coloured sun on paper. */
export async function drawingPng(hue = '#f2a65a'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="320" height="240" fill="#fffaf0"/><circle cx="160" cy="120" r="70" fill="${hue}"/>
    <path d="M40 210 Q160 150 280 210" stroke="#3b7d4f" stroke-width="10" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
