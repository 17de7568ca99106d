import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';

import { registerProfileFields } from '@contract/accounts';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { AddressSelect } from '@web/ui/address-select';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PageShell, pageStyles } from '@web/ui/page-shell';
import { useRegisterProfile } from '../api/register-profile';
import { DateOfBirthField } from '../components/date-of-birth-field';
import { PicturePicker } from '../components/picture-picker';
import styles from '../components/profiles.module.css';

type Input = z.input<typeof registerProfileFields>;
type Output = z.output<typeof registerProfileFields>;
const EMPTY: Input = { address: '', username: '', first_name: '', date_of_birth: '' };
const FIELDS = ['address', 'username', 'first_name', 'date_of_birth'] as const;

export default function RegisterUserPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [picture, setPicture] = useState<File | null>(null);
  const registerProfile = useRegisterProfile();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(registerProfileFields),
    defaultValues: EMPTY,
    // The username is checked live, as it is typed.
    mode: 'onChange',
  });

  const onSubmit = handleSubmit(async (fields) => {
    try {
      const created = await registerProfile.mutateAsync({ ...fields, picture: picture ?? undefined });
      if (created.username) {
        notify.success(i18n._(M.profileRegistered.id));
        // On to choosing who visits, the new child shown there (issue 28, item 5): the form is done.
        navigate('/add-user', { state: { added: created.id } });
      }
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        const known = FIELDS.find((f) => f === field);
        if (known) setError(known, { message });
      }
    }
  });

  return (
    <PageShell title={t({ message: `User registration`, context: 'heading' })} lead={t`Add a child to your family museum.`} width="narrow">
      <Link href="/add-user" className={styles.back}>
        ← <Trans>Back to users</Trans>
      </Link>
      <form onSubmit={onSubmit} noValidate className={pageStyles.card}>
        <AddressSelect label={t`Current address`} required error={formState.errors.address?.message} {...register('address')} />
        <TextField
          label={t`Username`}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters (hiragana, katakana and kanji too), numbers and @ . + - _ only. Shown on the works.`}
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t`Real name`}
          required
          autoComplete="off"
          hint={t`Kept private within your family.`}
          error={formState.errors.first_name?.message}
          {...register('first_name')}
        />
        <DateOfBirthField error={formState.errors.date_of_birth?.message} {...register('date_of_birth')} />
        <PicturePicker file={picture} onChange={setPicture} />
        <Button type="submit" size="large" block disabled={registerProfile.isPending}>
          {registerProfile.isPending ? t`Registering…` : t`Register user`}
        </Button>
      </form>
    </PageShell>
  );
}
