import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

import type { CircleRole } from '@contract/circle';

/** The fixed roles by name, in the reader's language; `other` shows the label the parent wrote. */
const ROLE_NAMES = {
  grandpa: msg({ message: 'Grandpa', context: 'family circle role' }),
  grandma: msg({ message: 'Grandma', context: 'family circle role' }),
  uncle: msg({ message: 'Uncle', context: 'family circle role' }),
  aunt: msg({ message: 'Aunt', context: 'family circle role' }),
  cousin: msg({ message: 'Cousin', context: 'family circle role' }),
  other: msg({ message: 'Other', context: 'family circle role' }),
} as const;

export function roleName(i18n: I18n, role: CircleRole, label: string): string {
  return role === 'other' && label ? label : i18n._(ROLE_NAMES[role]);
}

export const ROLE_CHOICES: readonly CircleRole[] = ['grandma', 'grandpa', 'aunt', 'uncle', 'cousin', 'other'];
