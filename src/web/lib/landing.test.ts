/** Where a login lands (issue 28, item 6): staff and the super admin without children go to their console. */
import { describe, expect, it } from 'vitest';

import { landingPath, runsConsole } from './landing';

describe('the page after login', () => {
  it('a family picks who is visiting, with or without children', () => {
    expect(landingPath({ is_staff: false, is_super_admin: false }, 0)).toBe('/add-user');
    expect(landingPath({ is_staff: false, is_super_admin: false }, 2)).toBe('/add-user');
    // An older server's answer without the flags is a family's.
    expect(landingPath({}, 0)).toBe('/add-user');
  });

  it('staff or a super admin without child profiles lands on the console', () => {
    expect(landingPath({ is_staff: true, is_super_admin: false }, 0)).toBe('/org');
    expect(landingPath({ is_staff: false, is_super_admin: true }, 0)).toBe('/org');
  });

  it('staff with children still pick a user (the page offers the console), and an unknown count is no reason to skip it', () => {
    expect(landingPath({ is_staff: true, is_super_admin: false }, 1)).toBe('/add-user');
    expect(landingPath({ is_staff: true, is_super_admin: true }, null)).toBe('/add-user');
    expect(landingPath(null, 0)).toBe('/add-user');
  });

  it('runsConsole reads either flag', () => {
    expect(runsConsole({ is_staff: true })).toBe(true);
    expect(runsConsole({ is_super_admin: true })).toBe(true);
    expect(runsConsole({ is_staff: false, is_super_admin: false })).toBe(false);
    expect(runsConsole(undefined)).toBe(false);
  });
});
