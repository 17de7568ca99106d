/** One avatar rule everywhere (issue 11): the first two letters of the username (works spec §2). */
import { describe, expect, it } from 'vitest';

import { avatarInitials } from './avatar';

describe('avatarInitials', () => {
  it('is the first two letters, upper-cased', () => {
    expect(avatarInitials('tama')).toBe('TA');
    expect(avatarInitials('h')).toBe('H');
    expect(avatarInitials('ken_2')).toBe('KE');
  });

  it('counts letters, not UTF-16 units', () => {
    expect(avatarInitials('はなこ')).toBe('はな');
    expect(avatarInitials('😀bc')).toBe('😀B');
  });
});
