/** Download work: the work's images fetched and zipped on the device as artwork_{id}_{timestamp}.zip. */
import { zipSync } from 'fflate';

import type { Work } from '@contract/works';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' };

export async function downloadWorkZip(work: Work): Promise<void> {
  const files: Record<string, Uint8Array> = {};
  let n = 0;
  for (const image of work.images_data) {
    const response = await fetch(image.image_url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${image.image_url}`);
    const blob = await response.blob();
    n += 1;
    // Images are already compressed: store them without deflating again.
    files[`image_${n}.${EXTENSIONS[blob.type] ?? 'webp'}`] = new Uint8Array(await blob.arrayBuffer());
  }
  const zipped = zipSync(files, { level: 0 });
  const url = URL.createObjectURL(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `artwork_${work.id}_${Date.now()}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
