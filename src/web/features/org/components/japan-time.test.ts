import { describe, expect, it } from 'vitest';

import { formatJapanTime, fromJapanInput, suggestedPeriod, toJapanInput } from './japan-time';

describe('Japan time for the contest form', () => {
  it('shows a stored instant as Japan wall-clock time', () => {
    expect(toJapanInput('2026-05-01T01:00:00.000Z')).toBe('2026-05-01T10:00');
    expect(toJapanInput('2026-05-01T10:00:00+09:00')).toBe('2026-05-01T10:00');
  });

  it('crosses the date line into the next Japanese day', () => {
    expect(toJapanInput('2026-12-31T15:30:00Z')).toBe('2027-01-01T00:30');
  });

  it('leaves empty or unreadable values empty', () => {
    expect(toJapanInput(null)).toBe('');
    expect(toJapanInput('')).toBe('');
    expect(toJapanInput('not a date')).toBe('');
  });

  it('reads an input back as the same instant (round trip)', () => {
    const iso = '2026-03-15T23:45:00.000Z';
    expect(fromJapanInput(toJapanInput(iso))?.toISOString()).toBe(iso);
    expect(fromJapanInput('2026-03-16T08:45')?.toISOString()).toBe(iso);
    expect(fromJapanInput('2026-03-16')).toBeNull();
  });

  it('suggests a week from the next full hour', () => {
    const period = suggestedPeriod(new Date('2026-04-01T02:10:00Z'));
    expect(period).toEqual({ start: '2026-04-01T12:00', end: '2026-04-08T12:00' });
  });

  it('formats in Japan time, whatever the device zone', () => {
    expect(formatJapanTime('2026-05-01T01:00:00Z', 'en')).toContain('10:00');
    expect(formatJapanTime('2026-05-01T01:00:00Z', 'ja')).toContain('2026/05/01');
    expect(formatJapanTime(null, 'en')).toBe('');
  });
});
