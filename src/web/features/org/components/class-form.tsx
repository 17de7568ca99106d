import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { CLASS_PRICE_MAX, CLASS_PRICE_MIN, classFields, type ClassFields, type ConsoleClass } from '@contract/classes';
import type { ConsoleOrganization } from '@contract/console';
import { M } from '@contract/messages';
import { formatPrice } from '@web/lib/billing-format';
import { useNamedList } from '@web/lib/named-lists';
import { TextAreaField, TextField } from '@web/ui/field';
import { pageStyles } from '@web/ui/page-shell';
import { Switch } from '@web/ui/switch';
import { TagChips } from '@web/ui/tag-chips';
import { useSaveClass } from '../api/classes';
import { ImageInput } from './image-input';
import { PictureFormActions } from './picture-form-actions';
import { suggestedPeriod, toJapanInput } from './japan-time';
import { useFormImage } from './use-form-image';
import local from './classes.module.css';
import styles from './org.module.css';
import wall from './wall.module.css';

/** The form as typed: the two choices as the radios' text, the rest as the contract reads it. */
interface Input extends Omit<ClassFields, 'is_free' | 'price' | 'tags' | 'published'> {
  is_free: 'true' | 'false';
  price: string;
  tags: number[];
  published: boolean;
}

const TEXT_FIELDS = ['name', 'description', 'is_free', 'price', 'class_type', 'url', 'start_at', 'video_url', 'published'] as const;

function initialValues(klass?: ConsoleClass): Input {
  if (!klass) {
    return {
      name: '',
      description: '',
      is_free: 'true',
      price: '',
      class_type: 'recorded',
      url: '',
      start_at: suggestedPeriod().start,
      video_url: '',
      tags: [],
      published: false,
    };
  }
  return {
    name: klass.name,
    description: klass.description,
    is_free: klass.is_free ? 'true' : 'false',
    price: klass.is_free ? '' : String(klass.price),
    class_type: klass.class_type,
    url: klass.url ?? '',
    start_at: toJapanInput(klass.start_at),
    video_url: klass.video_url ?? '',
    tags: klass.tags,
    published: klass.published,
  };
}

/** What is sent: only the link and time of the chosen kind, and a price only for a paid class. */
function formBody(values: Input, base: FormData): FormData {
  const live = values.class_type === 'real_time';
  base.set('price', values.is_free === 'false' ? values.price : '');
  base.set('url', live ? (values.url ?? '') : '');
  base.set('start_at', live ? (values.start_at ?? '') : '');
  base.set('video_url', live ? '' : (values.video_url ?? ''));
  for (const tag of values.tags) base.append('tags', String(tag));
  return base;
}

interface ClassFormProps {
  org: ConsoleOrganization;
  /** Absent: a new class. */
  klass?: ConsoleClass;
  onDone: () => void;
}

/** A class's name, thumbnail, description, price, kind (live with its meeting, or recorded), tags and publication. */
export function ClassForm({ org, klass, onDone }: ClassFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveClass();
  const tags = useNamedList('tags');
  const thumbnail = useFormImage('thumbnail', !klass, M.thumbnailRequired.id);
  const { register, handleSubmit, formState, setError, control } = useForm<Input, unknown, Input>({
    resolver: zodResolver(classFields, undefined, { raw: true }) as never,
    defaultValues: initialValues(klass),
    mode: 'onTouched',
  });
  const [isFree, classType] = useWatch({ control, name: ['is_free', 'class_type'] });
  const signedUp = (klass?.signup_count ?? 0) > 0;

  const onSubmit = handleSubmit(async (values) => {
    if (thumbnail.missing()) return;
    await thumbnail.save(
      () => save.mutateAsync({ orgId: org.id, classId: klass?.id, body: formBody(values, thumbnail.body(values, TEXT_FIELDS)) }),
      {
        saved: i18n._(klass ? M.classUpdated.id : M.classCreated.id),
        onDone,
        fields: [...TEXT_FIELDS, 'tags'] as const,
        setFieldError: setError,
      },
    );
  });

  const e = formState.errors;
  const min = formatPrice(CLASS_PRICE_MIN, 'jpy', i18n.locale);
  const max = formatPrice(CLASS_PRICE_MAX, 'jpy', i18n.locale);
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
        {klass ? t({ message: `Edit the class`, context: 'heading' }) : t({ message: `New class`, context: 'heading' })}
      </h2>
      <p className={styles.sectionHint}>
        <Trans>Families see a published class in Artist Class. Times are Japan time.</Trans>
      </p>
      <TextField label={t`Class name`} required maxLength={100} error={e.name?.message} {...register('name')} />
      <ImageInput label={t`Thumbnail`} shape="square" currentSrc={klass?.thumbnail} {...thumbnail.inputProps} />
      <TextAreaField label={t`Description`} rows={5} maxLength={5000} error={e.description?.message} {...register('description')} />

      <fieldset className={wall.fieldset}>
        <legend className={wall.legend}>
          <Trans>Price</Trans>
        </legend>
        <div className={local.choices}>
          <label className={local.choice}>
            <input type="radio" value="true" {...register('is_free')} />
            <span className={local.choiceTitle}>{t`Free`}</span>
            <span className={local.choiceHint}>{t`Signed up at once`}</span>
          </label>
          <label className={local.choice}>
            <input type="radio" value="false" {...register('is_free')} />
            <span className={local.choiceTitle}>{t`Paid`}</span>
            <span className={local.choiceHint}>{t`Paid by card`}</span>
          </label>
        </div>
        {signedUp && <p className={styles.sectionHint}>{t`The price cannot change once families have signed up.`}</p>}
      </fieldset>
      {isFree === 'false' && (
        <div className={local.price}>
          <TextField
            label={t`Price (yen, tax included)`}
            required
            type="number"
            inputMode="numeric"
            min={CLASS_PRICE_MIN}
            max={CLASS_PRICE_MAX}
            step={1}
            readOnly={signedUp}
            hint={t`From ${min} to ${max}.`}
            error={e.price?.message}
            {...register('price')}
          />
        </div>
      )}

      <fieldset className={wall.fieldset}>
        <legend className={wall.legend}>
          <Trans>Kind of class</Trans>
        </legend>
        <div className={local.choices}>
          <label className={local.choice}>
            <input type="radio" value="real_time" {...register('class_type')} />
            <span className={local.choiceTitle}>{t`Live`}</span>
            <span className={local.choiceHint}>{t`Online, at a set time`}</span>
          </label>
          <label className={local.choice}>
            <input type="radio" value="recorded" {...register('class_type')} />
            <span className={local.choiceTitle}>{t`Recorded`}</span>
            <span className={local.choiceHint}>{t`A video to watch any time`}</span>
          </label>
        </div>
        {e.class_type?.message && <p className={styles.modalError}>{e.class_type.message}</p>}
      </fieldset>
      <div className={local.group}>
        {classType === 'real_time' ? (
          <>
            <TextField
              label={t`Meeting link`}
              required
              type="url"
              inputMode="url"
              placeholder="https://"
              hint={t`Sent only to confirmed sign-ups.`}
              error={e.url?.message}
              {...register('url')}
            />
            <TextField
              type="datetime-local"
              label={t`Starts (Japan time)`}
              required
              error={e.start_at?.message}
              {...register('start_at')}
            />
          </>
        ) : (
          <TextField
            label={t`Video URL`}
            required
            type="url"
            inputMode="url"
            placeholder="https://"
            hint={t`Sent only to confirmed sign-ups.`}
            error={e.video_url?.message}
            {...register('video_url')}
          />
        )}
      </div>

      <Controller
        control={control}
        name="tags"
        render={({ field }) => <TagChips tags={tags.data ?? []} value={field.value} onChange={field.onChange} />}
      />

      <Controller
        control={control}
        name="published"
        render={({ field }) => (
          <div className={local.publish}>
            <span className={local.publishText}>
              <strong>{t`Published`}</strong>
              <span className={local.publishHint}>
                {field.value ? t`Families can find and sign up for it.` : t`Only staff see it until it is published.`}
              </span>
            </span>
            <Switch checked={field.value} onChange={field.onChange} label={t`Published`} onText={t`On`} offText={t`Off`} />
          </div>
        )}
      />

      <PictureFormActions
        saving={save.isPending}
        image={thumbnail}
        submitLabel={klass ? t`Save changes` : t`Create the class`}
        onCancel={onDone}
      />
    </form>
  );
}
