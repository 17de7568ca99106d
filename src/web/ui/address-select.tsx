import { useLingui } from '@lingui/react/macro';

import { COUNTRY_OPTIONS, PREFECTURE_OPTIONS } from '@contract/places';
import { SelectField, type SelectFieldProps } from './field';

/** Current address: the 47 prefectures of Japan, then 30 countries (accounts spec §3). */
export function AddressSelect(props: Omit<SelectFieldProps, 'children'>) {
  const { t } = useLingui();
  return (
    <SelectField {...props}>
      <option value="">{t`Please select`}</option>
      <optgroup label={t`Japan (prefectures)`}>
        {PREFECTURE_OPTIONS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </optgroup>
      <optgroup label={t`Overseas`}>
        {COUNTRY_OPTIONS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </optgroup>
    </SelectField>
  );
}
