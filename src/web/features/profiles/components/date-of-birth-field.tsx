import { useLingui } from '@lingui/react/macro';

import { isoDate, yearsAgo } from '@contract/accounts';
import { LIMITS } from '@contract/limits';
import { TextField, type TextFieldProps } from '@web/ui/field';

/** The date of birth, limited to between today and 225 years ago (accounts spec §5). */
export function DateOfBirthField(props: Omit<TextFieldProps, 'label' | 'type' | 'min' | 'max'>) {
  const { t } = useLingui();
  const today = new Date();
  return (
    <TextField
      label={t`Date of birth`}
      type="date"
      required
      min={isoDate(yearsAgo(LIMITS.maxAgeYears, today))}
      max={isoDate(today)}
      {...props}
    />
  );
}
