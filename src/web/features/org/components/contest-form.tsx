import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';

import type { ConsoleOrganization } from '@contract/console';
import { contestFields, type Contest, type ContestFields } from '@contract/contests';
import { M } from '@contract/messages';
import { TextAreaField, TextField } from '@web/ui/field';
import { pageStyles } from '@web/ui/page-shell';
import { useSaveContest } from '../api/contests';
import { ImageInput } from './image-input';
import { PictureFormActions } from './picture-form-actions';
import { useFormImage } from './use-form-image';
import { suggestedPeriod, toJapanInput } from './japan-time';
import styles from './org.module.css';
import wall from './wall.module.css';

type Input = ContestFields;
const TEXT_FIELDS = ['name', 'explanation', 'eligibility_criteria', 'start_date', 'end_date', 'members_only'] as const;

function initialValues(contest?: Contest): Input {
  if (!contest) {
    const { start, end } = suggestedPeriod();
    return { name: '', explanation: '', eligibility_criteria: '', start_date: start, end_date: end, members_only: 'false' };
  }
  return {
    name: contest.name,
    explanation: contest.explanation,
    eligibility_criteria: contest.eligibility_criteria,
    start_date: toJapanInput(contest.start_date),
    end_date: toJapanInput(contest.end_date),
    members_only: contest.members_only ? 'true' : 'false',
  };
}

interface ContestFormProps {
  org: ConsoleOrganization;
  /** Absent: a new contest. */
  contest?: Contest;
  onDone: () => void;
}

/** A contest's name, thumbnail, period in Japan time, texts and who may enter. */
export function ContestForm({ org, contest, onDone }: ContestFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveContest();
  const thumbnail = useFormImage('thumbnail', !contest, M.thumbnailRequired.id);
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Input>({
    resolver: zodResolver(contestFields, undefined, { raw: true }),
    defaultValues: initialValues(contest),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    if (thumbnail.missing()) return;
    await thumbnail.save(() => save.mutateAsync({ orgId: org.id, contestId: contest?.id, body: thumbnail.body(values, TEXT_FIELDS) }), {
      saved: i18n._(contest ? M.contestUpdated.id : M.contestCreated.id),
      onDone,
      fields: TEXT_FIELDS,
      setFieldError: setError,
    });
  });

  const e = formState.errors;
  const orgName = org.name;
  return (
    <form
      className={pageStyles.card}
      noValidate
      onSubmit={(event) => {
        thumbnail.missing();
        void onSubmit(event);
      }}
    >
      <h2 className={styles.sectionTitle}>
        {contest ? t({ message: `Edit the contest`, context: 'heading' }) : t({ message: `New contest`, context: 'heading' })}
      </h2>
      <p className={styles.sectionHint}>
        <Trans>Dates and times are Japan time.</Trans>
      </p>
      <TextField label={t`Contest name`} required maxLength={100} error={e.name?.message} {...register('name')} />
      <ImageInput label={t`Thumbnail`} shape="square" currentSrc={contest?.thumbnail} {...thumbnail.inputProps} />
      <TextField type="datetime-local" label={t`Starts (Japan time)`} required error={e.start_date?.message} {...register('start_date')} />
      <TextField type="datetime-local" label={t`Ends (Japan time)`} required error={e.end_date?.message} {...register('end_date')} />
      <TextAreaField label={t`Explanation`} rows={5} maxLength={5000} error={e.explanation?.message} {...register('explanation')} />
      <TextAreaField
        label={t`Eligibility criteria`}
        hint={t`One condition per line.`}
        rows={4}
        maxLength={5000}
        error={e.eligibility_criteria?.message}
        {...register('eligibility_criteria')}
      />
      <fieldset className={wall.fieldset}>
        <legend className={wall.legend}>
          <Trans>Who may enter</Trans>
        </legend>
        <label className={wall.check}>
          <input type="radio" value="false" {...register('members_only')} />
          <Trans>Everyone</Trans>
        </label>
        <label className={wall.check}>
          <input type="radio" value="true" {...register('members_only')} />
          <Trans>Approved members of {orgName} only</Trans>
        </label>
      </fieldset>
      <PictureFormActions
        saving={save.isPending}
        image={thumbnail}
        submitLabel={contest ? t`Save changes` : t`Create the contest`}
        onCancel={onDone}
      />
    </form>
  );
}
