import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import type { Organization } from '@contract/accounts';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { ApiError } from '@web/lib/api-error';
import { describedBy, Field } from '@web/ui/field';
import fieldStyles from '@web/ui/field.module.css';
import { RemovableTag, TagList } from '@web/ui/tag';
import { checkOrganization } from '../api/check-organization';

interface OrganizationsFieldProps {
  value: Organization[];
  onChange: (organizations: Organization[]) => void;
}

/** Joins organizations by their 6-digit code, checked as soon as 6 characters are typed. */
export function OrganizationsField({ value, onChange }: OrganizationsFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  const check = async (candidate: string) => {
    if (!/^\d+$/.test(candidate)) {
      setError(M.orgCodeDigits.id);
      return;
    }
    setChecking(true);
    try {
      const org = await checkOrganization(candidate);
      if (!value.some((o) => o.id === org.id)) onChange([...value, org]);
      setCode('');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 404 ? failure.message : M.orgCodeInvalid.id);
    } finally {
      setChecking(false);
    }
  };

  const hint = t`Enter the 6-digit code you received from your classroom or company.`;
  return (
    <Field id={id} label={t`Organizations`} hint={hint} error={error}>
      {value.length > 0 && (
        <TagList>
          {value.map((org) => (
            <RemovableTag
              key={org.id}
              // A request the organization's staff have yet to approve gives no member rights (issue 12).
              label={org.status === 'pending' ? `${org.name} · ${i18n._(M.membershipPending.id)}` : org.name}
              onRemove={() => onChange(value.filter((o) => o.id !== org.id))}
            />
          ))}
        </TagList>
      )}
      <input
        id={id}
        className={fieldStyles.control}
        inputMode="numeric"
        autoComplete="off"
        maxLength={LIMITS.orgCodeLength}
        placeholder={t`6-digit code`}
        value={code}
        disabled={checking}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => {
          const next = e.target.value.trim().slice(0, LIMITS.orgCodeLength);
          setCode(next);
          setError(undefined);
          if (next.length === LIMITS.orgCodeLength) void check(next);
        }}
      />
      {checking && (
        <p className={fieldStyles.hint} role="status">
          <Trans>Checking the code…</Trans>
        </p>
      )}
    </Field>
  );
}
