/**
 * The hand labels of the real-photo sets (fixtures/paper-real, the development set, and fixtures/paper-validation, the
 * validation set) hold together: a broken label fails npm test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { SET_DIR, VALIDATION_DIR, checkLabels, jpegSize, labelProblems, readLabels } from './label-paper';

describe('the hand labels of fixtures/paper-real and fixtures/paper-validation', () => {
  it('labels every photo of the set, each with four corners inside it, convex, in order, at the file’s size', () => {
    expect(checkLabels()).toEqual([]);
    expect(readLabels().photos.length).toBeGreaterThanOrEqual(10);
  });

  it('labels every photo of the validation set (fixtures/paper-validation) the same way', () => {
    expect(checkLabels(VALIDATION_DIR)).toEqual([]);
    expect(readLabels(join(VALIDATION_DIR, 'labels.json')).photos.length).toBeGreaterThanOrEqual(10);
  });

  it('finds what is wrong with a broken label', () => {
    const good = readLabels().photos[0]!;
    const size = jpegSize(readFileSync(join(SET_DIR, good.file)))!;
    expect(labelProblems(good, size)).toEqual([]);
    const [tl, tr, br, bl] = good.corners;
    const broken = (change: Partial<typeof good>) => labelProblems({ ...good, ...change }, size);
    expect(broken({ corners: [tl, br, tr, bl] }).join()).toMatch(/convex/);
    expect(broken({ corners: [tr, br, bl, tl] }).join()).toMatch(/top-left/);
    expect(broken({ corners: [[-5, tl[1]], tr, br, bl] }).join()).toMatch(/outside/);
    expect(broken({ width: good.width + 1 }).join()).toMatch(/labelled as/);
    expect(broken({ classes: ['folded'] }).join()).toMatch(/unknown class/);
    expect(labelProblems(good, null).join()).toMatch(/no such file/);
  });
});
