import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { ageOn, profilePatchBody, type Organization, type Profile, type SharedUser } from '@contract/accounts';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { useUpdateProfile } from '../api/update-profile';
import { DateOfBirthField } from './date-of-birth-field';
import { OrganizationsField } from './organizations-field';
import { SharedRange } from './shared-range';
import styles from './profiles.module.css';

const schema = profilePatchBody.pick({ username: true, date_of_birth: true }).required();
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** Username, date of birth (with the age), organizations and the shared range of one profile. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile();
  const network = useNetworkAction();
  // The profile may first come from the persisted cache and then change when it is fetched again: what the
  // user has not edited follows it (fields through `values`, the lists while their edit is null).
  const [editedOrganizations, setOrganizations] = useState<Organization[] | null>(null);
  const [editedShared, setShared] = useState<SharedUser[] | null>(null);
  const organizations = editedOrganizations ?? profile.organizations;
  const shared = editedShared ?? profile.shared_users;
  const { register, handleSubmit, formState, control, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    values: { username: profile.username, date_of_birth: profile.date_of_birth },
    resetOptions: { keepDirtyValues: true },
    mode: 'onChange',
  });
  const dob = useWatch({ control, name: 'date_of_birth' });
  const age = /^\d{4}-\d{2}-\d{2}$/.test(dob ?? '') ? ageOn(dob ?? '') : null;

  const onSubmit = handleSubmit(async (fields) => {
    try {
      await update.mutateAsync({
        ...fields,
        organizations: organizations.map((o) => o.id),
        shared_users: shared.map(({ id, is_shared }) => ({ id, is_shared })),
      });
      // The lists follow the saved profile again (it is in the cache now): a new organization shows whether it
      // waits for the staff's approval.
      setOrganizations(null);
      setShared(null);
      notify.success(i18n._(M.profileUpdated.id));
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.username) setError('username', { message: errors.username });
      if (errors.date_of_birth) setError('date_of_birth', { message: errors.date_of_birth });
    }
  });

  // Saving needs the museum now: offline the button says why instead (lib/network-action).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (network.available) return onSubmit(event);
    event.preventDefault();
    network.run(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t`Username`}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={formState.errors.username?.message}
        {...register('username')}
      />
      <DateOfBirthField error={formState.errors.date_of_birth?.message} {...register('date_of_birth')} />
      {age !== null && age >= 0 && <p className={styles.age}>{t`${age} years old`}</p>}
      <OrganizationsField value={organizations} onChange={setOrganizations} />
      <SharedRange value={shared} onChange={setShared} />
      <div className={styles.actions}>
        <Button
          type="submit"
          size="large"
          block
          disabled={update.isPending}
          aria-disabled={!network.available || undefined}
          aria-describedby={network.available ? undefined : network.reasonId}
        >
          {update.isPending ? t`Saving…` : t`Save`}
        </Button>
        {!network.available && (
          <p id={network.reasonId} className={styles.reason}>
            {network.reason}
          </p>
        )}
      </div>
    </form>
  );
}
